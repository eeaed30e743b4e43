import Foundation
import FuzzSupport
import Vignette

/// libFuzzer entry point: the disk-cache entry reader. Mutations rarely
/// keep the trailing CRC-32 and the header's lengths consistent, so the
/// last byte's two low bits ask for them to be repaired first (the
/// payload length made to fill the file, then the checksum), letting the
/// key and the JSON metadata be reached. An entry that reads must write
/// back to bytes that read as the same entry.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = [UInt8](FuzzInput.data(bytes, count))
    let selector = input.last ?? 0
    if selector & 2 == 0, input.count >= 28 { repairLengths(&input) }
    if selector & 1 == 0, input.count >= 4 {
        let crc = CRC32.checksum(input[0..<input.count - 4])
        for i in 0..<4 { input[input.count - 4 + i] = UInt8(truncatingIfNeeded: crc >> (8 * i)) }
    }
    let data = Data(input)
    _ = try? DiskCacheEntry(serialized: data, key: "https://example.com/a.png")
    guard let entry = try? DiskCacheEntry(serialized: data) else { return 0 }
    let again = entry.serialized()
    guard let read = try? DiskCacheEntry(serialized: again, key: entry.key) else {
        FuzzInput.fail("an entry that read does not read back once written")
    }
    guard read.key == entry.key, read.data == entry.data, read.serialized() == again else {
        FuzzInput.fail("an entry changed in a write and read")
    }
    return 0
}

/// Sets the 64-bit payload length (little-endian, at 16) so that the key,
/// metadata and payload exactly fill the space between header and CRC.
private func repairLengths(_ input: inout [UInt8]) {
    func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(input[at + $1]) << (8 * $1) } }
    let available = input.count - 28
    let payload = available - word(8) - word(12)
    guard payload >= 0 else { return }
    for i in 0..<8 { input[16 + i] = UInt8(truncatingIfNeeded: payload >> (8 * i)) }
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
