import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

@Suite struct AtomicFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesAndReplacesLeavingNoTempFiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(String(repeating: "long-name-", count: 24) + ".png").path
        try AtomicFile.write(Data("first".utf8), to: path)
        try AtomicFile.write(Data("second".utf8), to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o600 } == 0o600)
    }

    @Test func failureIsTypedAndLeavesNothing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no/such/dir/out.png").path
        #expect(throws: AtomicFile.Error.self) { try AtomicFile.write(Data([1, 2, 3]), to: missing) }
        // A directory in the way: rename fails, and the temp file is removed.
        let blocked = folder.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("child"), withIntermediateDirectories: true)
        #expect {
            try AtomicFile.write(Data([1]), to: blocked.path)
        } throws: { error in
            "\(error)".contains("cannot write \(blocked.path)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    }
}
