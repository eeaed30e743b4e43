import CDeflate
import Foundation

/// One disk-cache entry: the resource's original bytes (as received, before
/// decoding) with its key and HTTP metadata.
///
/// Engines store `serialized()`; `init(serialized:key:)` verifies it, so a
/// torn or corrupt entry is never served: the layout is a fixed header
/// (magic, version, lengths), the key, the metadata, the payload, then a
/// CRC-32 of everything before it.
public struct DiskCacheEntry: Sendable, Hashable {
    /// The resource's URL as text (one entry per URL, whatever the decode options).
    public var key: String
    /// The original bytes.
    public var data: Data
    /// Validators and freshness.
    public var metadata: CacheMetadata

    /// An entry.
    public init(key: String, data: Data, metadata: CacheMetadata) {
        self.key = key
        self.data = data
        self.metadata = metadata
    }

    static let magic: [UInt8] = Array("VGCE".utf8)
    static let version: UInt8 = 1
    static let headerSize = 24

    /// The self-verifying byte layout engines write.
    public func serialized() -> Data {
        let keyBytes = Array(key.utf8)
        let meta = (try? Self.encoder.encode(metadata)) ?? Data()
        var out = Data(capacity: Self.headerSize + keyBytes.count + meta.count + data.count + 4)
        out.append(contentsOf: Self.magic)
        out.append(contentsOf: [Self.version, 0, 0, 0])
        Self.append(UInt32(keyBytes.count), to: &out)
        Self.append(UInt32(meta.count), to: &out)
        Self.append(UInt64(data.count), to: &out)
        out.append(contentsOf: keyBytes)
        out.append(meta)
        out.append(data)
        Self.append(Self.crc32(out), to: &out)
        return out
    }

    /// Verifies and reads a serialized entry; `key`, when given, must match
    /// the one stored (a hashed file name can collide, a key cannot).
    public init(serialized bytes: Data, key expectedKey: String? = nil) throws(DiskCache.Error) {
        let label = expectedKey ?? "entry"
        func damaged(_ reason: String) -> DiskCache.Error { .corruptEntry(key: label, reason: reason) }
        guard bytes.count >= Self.headerSize + 4 else { throw damaged("\(bytes.count) bytes, shorter than a header") }
        guard Array(bytes.prefix(4)) == Self.magic else { throw damaged("not a Vignette cache entry") }
        guard bytes[bytes.startIndex + 4] == Self.version else { throw damaged("unknown format version \(bytes[bytes.startIndex + 4])") }
        let keyCount = Int(Self.read(UInt32.self, bytes, at: 8))
        let metaCount = Int(Self.read(UInt32.self, bytes, at: 12))
        let payloadCount = Self.read(UInt64.self, bytes, at: 16)
        // Each length is checked against the size first, so a crafted header cannot overflow the sum.
        let available = UInt64(bytes.count - Self.headerSize - 4)
        guard payloadCount <= available, UInt64(keyCount) + UInt64(metaCount) + payloadCount == available else {
            throw damaged("length is \(bytes.count) bytes, header says key \(keyCount) + metadata \(metaCount) + payload \(payloadCount)")
        }
        let body = bytes.prefix(bytes.count - 4)
        let stored = Self.read(UInt32.self, bytes, at: bytes.count - 4)
        guard Self.crc32(body) == stored else { throw damaged("checksum mismatch") }
        var offset = bytes.startIndex + Self.headerSize
        let keyData = bytes[offset..<offset + keyCount]
        offset += keyCount
        let metaData = bytes[offset..<offset + metaCount]
        offset += metaCount
        let key = String(decoding: keyData, as: UTF8.self)
        if let expectedKey, key != expectedKey { throw damaged("stored for another key (\(key))") }
        guard let metadata = try? Self.decoder.decode(CacheMetadata.self, from: metaData) else {
            throw damaged("unreadable metadata")
        }
        self.key = key
        self.metadata = metadata
        data = Data(bytes[offset..<offset + Int(payloadCount)])
    }

    // Non-finite dates are written as strings rather than failing: an entry
    // must always serialize to something its reader accepts.
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// CRC-32 (libdeflate's, vectorised).
    static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { raw in
            libdeflate_crc32(0, raw.baseAddress, raw.count)
        }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func read<T: FixedWidthInteger>(_: T.Type, _ data: Data, at offset: Int) -> T {
        var value: T = 0
        _ = withUnsafeMutableBytes(of: &value) { out in
            data.copyBytes(to: out, from: data.startIndex + offset..<data.startIndex + offset + MemoryLayout<T>.size)
        }
        return T(littleEndian: value)
    }
}
