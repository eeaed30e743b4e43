import CDeflate
import CKernels
import CPNG

/// The hot path for the most common PNG — 8-bit RGB or RGBA, not
/// interlaced, no tRNS — decoded without libpng's per-row transforms:
/// libdeflate inflates all IDAT data in one call straight into the output
/// buffer, and one pass of C kernels (`vg_png_unfilter_rgba`: SSE2 or AVX2,
/// picked once at run time) unfilters and expands RGB to RGBA in place.
///
/// It only ever *accepts*: any anomaly (bad CRC, corrupt or short zlib data,
/// an unknown filter byte) returns false and the caller decodes with libpng,
/// which then produces the precise error or its lenient result. libpng has
/// already validated the header and every chunk before the first IDAT.
enum PNGFastPath {
    static func applies(to header: PNGCodec.Header) -> Bool {
        header.bitDepth == 8 && !header.isInterlaced && (header.colorType == .rgba || (header.colorType == .rgb && !header.hasAlpha))
    }

    /// Extra capacity `decode` needs beyond `width * height * 4` bytes.
    static func slack(for header: PNGCodec.Header) -> Int { header.height }

    /// Decodes into `out`, which holds `width * height * 4 + slack` bytes.
    /// `path` is a `VG_UNFILTER_*` kernel path (tests force each one).
    static func decode(
        _ file: UnsafeRawBufferPointer, header: PNGCodec.Header,
        into out: UnsafeMutablePointer<UInt8>, path: Int32 = vg_png_unfilter_default_path()
    ) -> Bool {
        let width = header.width
        let height = header.height
        let channels = header.colorType == .rgba ? 4 : 3
        let rawRow = 1 + width * channels
        let rawCount = rawRow * height
        let outCount = width * height * 4
        guard let idat = collectIDAT(file) else { return false }
        defer { if idat.owned { idat.pointer.deallocate() } }

        // RGB rows are smaller than their RGBA output, so the filtered data
        // is placed at the end of the buffer: every output pixel then lands
        // on bytes already read. RGBA rows are one byte longer (the filter
        // byte), hence the slack, and start at the front.
        let rawOffset = channels == 3 ? outCount - rawCount : 0
        let raw = out + rawOffset
        guard let decompressor = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(decompressor) }
        let result = libdeflate_zlib_decompress(decompressor, idat.pointer, idat.count, raw, rawCount, nil)
        guard result == LIBDEFLATE_SUCCESS else { return false }

        return vg_png_unfilter_rgba(raw, out, width, height, Int32(channels), path) == 0
    }

    /// The concatenated payload of the consecutive IDAT chunks, CRC-checked.
    private static func collectIDAT(_ file: UnsafeRawBufferPointer) -> (pointer: UnsafeRawPointer, count: Int, owned: Bool)? {
        var offset = 8
        var parts: [(Int, Int)] = []
        var total = 0
        while offset + 12 <= file.count {
            let length = Int(file.loadBigEndianUInt32(at: offset))
            let typeOffset = offset + 4
            guard length <= file.count - offset - 12 else { return nil }
            let isIDAT = file[typeOffset] == 0x49 && file[typeOffset + 1] == 0x44 && file[typeOffset + 2] == 0x41 && file[typeOffset + 3] == 0x54
            if isIDAT {
                let stored = file.loadBigEndianUInt32(at: typeOffset + 4 + length)
                let crc = libdeflate_crc32(0, file.baseAddress! + typeOffset, length + 4)
                guard crc == stored else { return nil }
                parts.append((typeOffset + 4, length))
                total += length
            } else if !parts.isEmpty {
                break
            }
            offset += length + 12
        }
        guard !parts.isEmpty else { return nil }
        if parts.count == 1 { return (file.baseAddress! + parts[0].0, parts[0].1, false) }
        let joined = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 16)
        var at = 0
        for (start, length) in parts {
            (joined + at).copyMemory(from: file.baseAddress! + start, byteCount: length)
            at += length
        }
        return (UnsafeRawPointer(joined), total, true)
    }
}

extension UnsafeRawBufferPointer {
    @inline(__always)
    func loadBigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
