import Foundation

extension FileCacheStorage {
    /// Temp files older than this (ten minutes) were left by killed writers;
    /// a live writer's temp file is only as old as one write.
    static let abandonedTempAge: Int64 = 600_000_000_000

    /// The sweep, on the engine's queue, under the folder's lock.
    func sweepNow(toFit targetBytes: Int) throws(DiskCache.Error) -> DiskCache.SweepReport {
        guard let lock = try SweepLock(path: path(of: Self.lockName), blocking: true) else {
            return DiskCache.SweepReport(removedEntries: 0, bytesBefore: 0, bytesAfter: 0)
        }
        defer { lock.release() }
        let start = state.withLock { $0.tick() }
        let files = try Self.scan(directory)
        let bytesBefore = files.reduce(0) { $0 + $1.size }
        var records = mergedRecords(files, since: start)

        // The index is rewritten below, so count it at its new size.
        let indexBytes = files.first { $0.kind == .index }?.size ?? 0
        var total = bytesBefore - indexBytes + Index.encodedSize(records)
        for file in files where file.kind == .temp && start - file.modified > Self.abandonedTempAge {
            try Self.remove(path(of: file.name))
            total -= file.size
        }

        var removed = 0
        var evicted: [String: Record] = [:]
        let oldestFirst = records.sorted { ($0.value.accessed, $0.key) < ($1.value.accessed, $1.key) }
        for (name, record) in oldestFirst where total > targetBytes {
            // Read or rewritten since the scan: no longer least recently used.
            let touched = state.withLock { ($0.records[name]?.accessed ?? .min) > record.accessed }
            if touched { continue }
            if try Self.remove(path(of: name)) { removed += 1 }
            total -= record.size + Index.line(name, record).utf8.count
            records[name] = nil
            evicted[name] = record
        }

        try Index.write(records, to: path(of: Self.indexName))
        state.withLock { s in
            for (name, record) in evicted where s.records[name] == record { s.records[name] = nil }
            s.dirty = false
        }
        let bytesAfter = try Self.scan(directory).reduce(0) { $0 + $1.size }
        return DiskCache.SweepReport(removedEntries: removed, bytesBefore: bytesBefore, bytesAfter: bytesAfter)
    }

    /// Writes the index merged with the one on disk, unless another engine
    /// holds the lock and `blocking` is false.
    func persistIndex(blocking: Bool) throws(DiskCache.Error) {
        guard let lock = try SweepLock(path: path(of: Self.lockName), blocking: blocking) else { return }
        defer { lock.release() }
        let start = state.withLock { $0.tick() }
        let records = mergedRecords(try Self.scan(directory), since: start)
        try Index.write(records, to: path(of: Self.indexName))
        state.withLock { $0.dirty = false }
    }

    /// The entry files of `files` with merged access times, adopted as this
    /// engine's in-memory index.
    private func mergedRecords(_ files: [ScannedFile], since start: Int64) -> [String: Record] {
        let persisted = Index.load(from: path(of: Self.indexName))
        return state.withLock { s in
            let merged = Self.merge(files, memory: s.records, persisted: persisted)
            s.adopt(merged, since: start)
            return merged
        }
    }
}
