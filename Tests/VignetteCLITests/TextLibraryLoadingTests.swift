import CICU
import Foundation
import Testing
import VignetteCore
import VignetteTestSupport

/// HarfBuzz and ICU are opened with the first text drawn or font read, not at
/// process start (with FreeType, GLib, ICU's data and the rest they pull in,
/// they cost every run): neither is a dependency the loader maps at start, a
/// render without text opens neither, one with text opens both, one that cannot be opened fails fonts with a typed error naming
/// it and what to install (and never crashes), and another ICU file is found.
@Suite struct TextLibraryLoadingTests {
    typealias Run = RenderCommandTests

    struct Rendered {
        var result: Run.Result
        /// The dynamic loader's `LD_DEBUG=files` log of the run.
        var log: String
        var output: URL
    }

    static let text = ["--overlay-text", "SALE", "--overlay-font", "bold 24", "--overlay-color", "#FFFFFF"]

    /// A render of the catalog photo into `folder`, plus `extra`.
    static func render(_ extra: [String], in folder: URL, environment: [String: String]? = nil) throws -> Rendered {
        let name = UUID().uuidString
        let logs = folder.appendingPathComponent("ld-\(name)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let debug = ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": logs.appendingPathComponent("ld").path]
        let output = folder.appendingPathComponent("out-\(name).png")
        let result = try Run.run(
            ["render", Run.photo, "--size", "64x64", "-o", output.path] + extra,
            environment: (environment ?? ProcessInfo.processInfo.environment).merging(debug) { $1 })
        let log = try FileManager.default.contentsOfDirectory(at: logs, includingPropertiesForKeys: nil)
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(log.contains("file=libpng16.so"), "LD_DEBUG reports what the loader opens")
        return Rendered(result: result, log: log, output: output)
    }

    static func bytes(_ rendered: Rendered) -> Data? { try? Data(contentsOf: rendered.output) }

    @Test func aRenderWithoutTextMapsNeitherAndTextOpensBoth() throws {
        let folder = try Run.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try Self.render([], in: folder)
        #expect(plain.result.status == 0, "\(plain.result.stderr)")
        // Without text, `render` reads no font: neither library is opened.
        #expect(!plain.log.contains("file=libharfbuzz.so"), "HarfBuzz is not opened")
        #expect(!plain.log.contains("file=libicuuc.so"), "ICU is not opened")
        #expect(!plain.log.contains("file=libbrotlidec.so"), "libbrotlidec (WOFF2) is not opened")
        let drawn = try Self.render(Self.text, in: folder)
        #expect(drawn.result.status == 0, "\(drawn.result.stderr)")
        #expect(Self.bytes(drawn) != nil && Self.bytes(drawn) != Self.bytes(plain), "the text is drawn")
        for library in ["libharfbuzz.so.0", "libicuuc.so.\(vg_icu_header_major())"] {
            let opening = drawn.log.split(separator: "\n").first { $0.contains("file=\(library) ") }
            #expect(opening?.contains("dynamically loaded by") == true, "\(library): \(opening.map(String.init) ?? "never opened")")
        }
    }

    /// Empty files of HarfBuzz's names first on `LD_LIBRARY_PATH`: a font
    /// folder fails with the loader's reason and the package to install; a
    /// text overlay, which `render` leaves out when it cannot be drawn, does
    /// not crash; a render without text works.
    @Test func aMissingHarfBuzzFailsFontsNamingIt() throws {
        let folder = try Run.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let libraries = folder.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        for name in ["libharfbuzz.so.0", "libharfbuzz.so"] { try Data().write(to: libraries.appendingPathComponent(name)) }
        let environment = LibraryLoadingTests.environment(searching: libraries)
        let fonts = try Self.render(["--font-dir", Fixtures.url("fonts").path] + Self.text, in: folder, environment: environment)
        #expect(fonts.result.status != 0)
        let reason = "HarfBuzz could not be loaded (\(libraries.path)/libharfbuzz.so.0: file too short): install libharfbuzz0b"
        #expect(fonts.result.stderr.contains(reason), "\(fonts.result.stderr)")
        let text = try Self.render(Self.text, in: folder, environment: environment)
        #expect(text.result.status == 0, "\(text.result.stderr)")
        let plain = try Self.render([], in: folder, environment: environment)
        #expect(plain.result.status == 0, "\(plain.result.stderr)")
        #expect(Self.bytes(text) == Self.bytes(plain), "the overlay is left out")
    }

    /// The headers' ICU file unusable and no development link, but another
    /// major version's file present (here the same library under the next
    /// number): the loader probes for it, and the text is drawn as with the
    /// headers' own file.
    @Test func anotherICUFileIsFound() throws {
        let folder = try Run.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let major = Int(vg_icu_header_major())
        let installed = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
            .map { "\($0)/libicuuc.so.\(major)" }.first { FileManager.default.fileExists(atPath: $0) }
        let real = try #require(installed, "the ICU the build used is installed")
        let libraries = folder.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        for name in ["libicuuc.so.\(major)", "libicuuc.so"] { try Data().write(to: libraries.appendingPathComponent(name)) }
        let next = libraries.appendingPathComponent("libicuuc.so.\(major + 1)")
        try FileManager.default.createSymbolicLink(atPath: next.path, withDestinationPath: real)
        let probed = try Self.render(Self.text, in: folder, environment: LibraryLoadingTests.environment(searching: libraries))
        #expect(probed.result.status == 0, "\(probed.result.stderr)")
        #expect(probed.log.contains("opening file=\(next.path) ["), "opened under the next major version's name")
        let usual = try Self.render(Self.text, in: folder)
        let plain = try Self.render([], in: folder)
        #expect(Self.bytes(probed) != nil && Self.bytes(probed) == Self.bytes(usual) && Self.bytes(probed) != Self.bytes(plain))
    }

    @Test func theErrorsNameTheLibraryAndWhatToInstall() {
        let major = vg_icu_header_major()
        #expect(
            TextImage.Error.libraryUnavailable(library: "ICU", reason: "libicuuc.so.\(major): cannot open").description
                == "ICU could not be loaded (libicuuc.so.\(major): cannot open): install libicu\(major) "
                + "(apt-get install libicu\(major) on Debian and Ubuntu; another ICU 50 or later is found too)")
        #expect(
            Font.Error.libraryUnavailable(library: "HarfBuzz", reason: "libharfbuzz.so.0: cannot open").description
                == "HarfBuzz could not be loaded (libharfbuzz.so.0: cannot open): install libharfbuzz0b "
                + "(apt-get install libharfbuzz0b on Debian and Ubuntu)")
        #expect(
            Font.Error.libraryUnavailable(library: "libbrotlidec", reason: "libbrotlidec.so.1: cannot open").description
                == "libbrotlidec could not be loaded (libbrotlidec.so.1: cannot open): install libbrotli1 "
                + "(apt-get install libbrotli1 on Debian and Ubuntu)")
    }

    /// `vignette versions` names the text libraries it opens, as a snapshot recorded with text states them.
    @Test func versionsListHarfBuzzICUAndBrotli() throws {
        let result = try Run.run(["versions"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains("HarfBuzz \(TextLibraries.harfBuzzVersion)"), "\(result.stdout)")
        #expect(lines.contains("ICU \(TextLibraries.icuVersion)"), "\(result.stdout)")
        #expect(lines.contains("libbrotlidec \(TextLibraries.brotliVersion)") && TextLibraries.brotliVersion != "0.0.0", "\(result.stdout)")
    }
}
