import Foundation

extension FileCacheStorage {
    static let indexName = "index.v1"
    static let lockName = "sweep.lock"
    static let entryExtension = ".entry"
    /// How often reads and writes may trigger an index write (ten seconds).
    static let persistInterval: Int64 = 10_000_000_000

    /// What the LRU sweep knows about one entry file.
    struct Record: Sendable, Hashable {
        /// Bytes of the file.
        var size: Int
        /// Last read or write, in nanoseconds since 1970.
        var accessed: Int64
    }

    /// The in-memory index, shared by the tasks using one engine.
    struct State: Sendable {
        /// Entry file name → record.
        var records: [String: Record]
        /// Orders this process's accesses, even within one clock tick.
        var clock = AccessClock()
        /// When the index was last written by a read or write.
        var lastPersist: Int64 = 0
        /// True when `records` changed since the index was last written.
        var dirty = false

        init(records: [String: Record]) {
            self.records = records
            lastPersist = AccessClock.now()
        }

        /// A fresh timestamp, later than every earlier one.
        mutating func tick() -> Int64 {
            clock.tick()
        }

        /// Takes the merged view of a sweep or persist that started at
        /// `start`: records it holds win unless touched since (then the later
        /// access wins); records it lacks are kept only if touched since
        /// (written after its scan), the others were deleted by someone else.
        mutating func adopt(_ merged: [String: Record], since start: Int64) {
            var next = merged
            for (name, record) in records {
                if let known = merged[name] {
                    if record.accessed > known.accessed { next[name] = record }
                } else if record.accessed >= start {
                    next[name] = record
                }
            }
            records = next
        }
    }

    /// The entry files of a scan with their access times: the latest of this
    /// process's record, the persisted index (another process may have read
    /// the entry) and the file's mtime (a write is an access too).
    static func merge(_ files: [ScannedFile], memory: [String: Record], persisted: [String: Record]) -> [String: Record] {
        var merged: [String: Record] = [:]
        for file in files where file.kind == .entry {
            let accessed = max(file.modified, memory[file.name]?.accessed ?? .min, persisted[file.name]?.accessed ?? .min)
            merged[file.name] = Record(size: file.size, accessed: accessed)
        }
        return merged
    }

    /// The persisted index: a header line, then one `name size accessed`
    /// line per entry. Unreadable lines (or an unreadable file) are skipped:
    /// the index is a hint, rebuilt from a folder scan.
    enum Index {
        static let header = "vignette-file-cache-index 1"

        /// The records in the index file at `path`; empty if it is missing or garbage.
        static func load(from path: String) -> [String: Record] {
            guard let file = try? FileCacheStorage.readFile(at: path) else { return [:] }
            let lines = String(decoding: file.data, as: UTF8.self).split(separator: "\n")
            guard lines.first == Substring(header) else { return [:] }
            var records: [String: Record] = [:]
            for line in lines.dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count == 3, FileCacheStorage.isEntryName(fields[0]),
                    let size = Int(fields[1]), size >= 0, let accessed = Int64(fields[2])
                else { continue }
                records[String(fields[0])] = Record(size: size, accessed: accessed)
            }
            return records
        }

        /// The file's bytes for `records`.
        static func encode(_ records: [String: Record]) -> Data {
            var text = header + "\n"
            for (name, record) in records.sorted(by: { $0.key < $1.key }) {
                text += line(name, record)
            }
            return Data(text.utf8)
        }

        /// Bytes of the file for `records`, without building it.
        static func encodedSize(_ records: [String: Record]) -> Int {
            records.reduce(header.utf8.count + 1) { $0 + line($1.key, $1.value).utf8.count }
        }

        /// One record's line.
        static func line(_ name: String, _ record: Record) -> String {
            "\(name) \(record.size) \(record.accessed)\n"
        }

        /// Writes `records` to `path` atomically.
        static func write(_ records: [String: Record], to path: String) throws(DiskCache.Error) {
            try FileCacheStorage.write(encode(records), to: path)
        }
    }
}
