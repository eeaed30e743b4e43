import Foundation
import Testing

@testable import VignetteCLI

/// How `vignette render --output-dir` names its files: one plain file name
/// per input, whatever the input's URL holds.
@Suite struct OutputNameTests {
    static func name(_ text: String) throws -> String {
        OutputName.for(try RenderCommand.Input(parsing: text))
    }

    @Test(arguments: [
        ("photo.jpg", "photo.png"),
        ("photo.png", "photo.png"),
        ("shots/icon@2x.png", "icon@2x.png"),
        ("archive.tar.gz", "archive.tar.png"),
        ("noextension", "noextension.png"),
        ("v1.2", "v1.png"),
        ("report.final_draft", "report.final_draft.png"),
        (".hidden", "hidden.png"),
        ("file:///tmp/a%20b.jpeg", "a b.png"),
        ("http://h/p/1/image.webp?size=large", "image.png"),
        ("HTTPS://H/A.PNG", "A.png"),
        ("http://example.com/", "example.com.png"),
        ("http://example.com", "example.com.png"),
        ("http://h/a/b/", "b.png")
    ])
    func plainNamesKeepTheStemAndEndInPNG(input: String, expected: String) throws {
        #expect(try Self.name(input) == expected)
    }

    @Test(arguments: [
        ("http://h/x/..%2F..%2Fa.png", "____a.png"),
        ("http://h/..", "_.png"),
        ("http://h/...png", "_.png"),
        ("http://h/a..b.png", "a_b.png"),
        ("http://h/a%00b%5Cc%0Ad%1B%E2%80%AEe.png", "a_b_c_d__e.png"),
        ("http://h/%2F", "_.png"),
        ("http://h/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "____etc_passwd.png")
    ])
    func hostileSegmentsBecomeOnePlainName(input: String, expected: String) throws {
        let name = try Self.name(input)
        #expect(name == expected)
        #expect(!name.contains("/") && !name.contains("\\") && !name.contains(".."))
        #expect(!name.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func longNamesAreCutWithAStableHashAndFitTheFileSystem() throws {
        let long = "http://h/" + String(repeating: "é", count: 300) + ".png"
        let name = try Self.name(long)
        #expect(name.utf8.count <= 255 && name.hasSuffix(".png"))
        #expect(name == (try Self.name(long)))
        #expect(name != (try Self.name(long.replacingOccurrences(of: "é.png", with: "e.png"))))
    }

    @Test func dataURLsAreNamedByAStableHash() throws {
        let a = try Self.name("data:image/png;base64,AAAA")
        let b = try Self.name("data:image/png;base64,AAAB")
        #expect(a.hasPrefix("data-") && a.hasSuffix(".png") && a != b)
        #expect(a == (try Self.name("data:image/png;base64,AAAA")))
    }

    @Test func inputsParseOnceIntoTheirKind() throws {
        #expect(try RenderCommand.Input(parsing: "a/b.png") == .file(path: "a/b.png"))
        #expect(try RenderCommand.Input(parsing: "file:///tmp/x.png") == .file(path: "/tmp/x.png"))
        #expect(try RenderCommand.Input(parsing: "HTTP://h/x.png") == .network(URL(string: "HTTP://h/x.png")!))
        #expect(try RenderCommand.Input(parsing: "data:,x") == .data(URL(string: "data:,x")!))
        #expect(throws: CLIError.self) { try RenderCommand.Input(parsing: "ftp://h/x.png") }
        #expect(throws: CLIError.self) { try RenderCommand.Input(parsing: "http://[oops") }
    }

    @Test func twoInputsForOneNameAreRefusedAndRepeatsRenderOnce() throws {
        let inputs = try ["a/photo.jpg", "b/photo.png"].map(RenderCommand.InputArgument.init)
        #expect {
            try RenderCommand.jobs(for: inputs, output: nil, outputDir: "out")
        } throws: { error in
            guard case CLIError.sameOutputName("a/photo.jpg", "b/photo.png", name: "photo.png") = error else { return false }
            return true
        }
        let repeated = try ["http://h/1.png", "http://h/2.png", "http://h/1.png"].map(RenderCommand.InputArgument.init)
        let jobs = try RenderCommand.jobs(for: repeated, output: nil, outputDir: "out")
        #expect(jobs.map(\.destination) == ["out/1.png", "out/2.png"])
    }
}
