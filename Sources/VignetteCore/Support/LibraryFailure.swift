/// Why a C library opened on first use (libavif, libheif, libcurl) could not
/// be opened, read from its shim: `read` opens it if it is not open, returns
/// nonzero when it is, and otherwise writes the loader's reason into the
/// buffer it is given.
package func libraryFailure(_ read: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: 320)
    let loaded = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress!, $0.count) }
    guard loaded == 0 else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
