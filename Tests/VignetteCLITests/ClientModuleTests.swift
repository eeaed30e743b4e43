import Foundation
import Testing
import VignetteTestSupport

/// The case a client meets in practice: its app-wide descriptors live in its
/// app module, and a file that imports that module *and* `VignetteCatalog`
/// (a snapshot test, say) uses them unqualified. Within one module the
/// module's own names shadow imported ones, so only two modules show an
/// ambiguity; this test builds a small client module with `swiftc` against
/// the package's build products and type-checks such a file.
@Suite struct ClientModuleTests {
    static let appModule = """
        import Foundation
        import Vignette

        extension ImageDescriptor where Reference == URL {
            public static func productImage(_ url: URL) -> Self {
                ImageDescriptor(url, contentMode: .aspectFill, accessibilityIdentifier: "productImage")
            }
        }

        extension ImageDescriptor where Reference == NamedImage {
            public static var loading: Self { ImageDescriptor(NamedImage("spinner", in: DemoImages.bundle), contentMode: .center) }
            public static var failure: Self { ImageDescriptor(NamedImage("failure", in: DemoImages.bundle), contentMode: .center) }
        }

        """

    static let useSite = """
        import Foundation
        import Vignette
        import VignetteCatalog
        import ClientApp

        func show(_ url: URL, on surface: ImageSurface) throws {
            try surface.apply(.loading)
            try surface.apply(.failure)
            surface.apply(.productImage(url), placeholders: .init(loading: .loading, failure: .failure))
            _ = ImageFuture(.productImage(url))
        }

        """

    @Test func aClientModulesNamesStayUnambiguousNextToTheCatalog() throws {
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        // The client module draws the catalog's bundled icons: it imports the catalog too.
        let app = "import VignetteCatalog\n" + Self.appModule
        try Data(app.utf8).write(to: work.appendingPathComponent("ClientApp.swift"))
        try Data(Self.useSite.utf8).write(to: work.appendingPathComponent("Use.swift"))
        let flags = try Self.buildFlags(cache: work.appendingPathComponent("module-cache"))
        let module = try Self.swiftc(
            flags + [
                "-parse-as-library", "-emit-module", "-module-name", "ClientApp",
                "-emit-module-path", work.appendingPathComponent("ClientApp.swiftmodule").path,
                work.appendingPathComponent("ClientApp.swift").path
            ])
        #expect(module.status == 0, "\(module.stderr)")
        let use = try Self.swiftc(flags + ["-typecheck", "-I", work.path, work.appendingPathComponent("Use.swift").path])
        #expect(use.status == 0, "\(use.stderr)")
        #expect(!use.stderr.contains("ambiguous"), "\(use.stderr)")
    }

    /// Module search paths of this build: the Swift modules and every C
    /// module map (generated ones in `<target>.build`, system-library ones
    /// in the sources).
    static func buildFlags(cache: URL) throws -> [String] {
        let products = RenderCommandTests.binary.deletingLastPathComponent()
        let modules = products.appendingPathComponent("Modules")
        #expect(
            FileManager.default.fileExists(atPath: modules.appendingPathComponent("VignetteCatalog.swiftmodule").path),
            "no VignetteCatalog.swiftmodule in \(modules.path)")
        let generated = try FileManager.default.contentsOfDirectory(atPath: products.path)
            .filter { $0.hasSuffix(".build") }
            .map { products.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
        let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
        let declared = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .map { sources.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
        let maps = (generated + declared).filter { FileManager.default.fileExists(atPath: $0.path) }
        return ["-swift-version", "6", "-module-cache-path", cache.path, "-I", modules.path]
            + maps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
    }

    static func swiftc(_ arguments: [String]) throws -> RenderCommandTests.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RenderCommandTests.Result(
            status: process.terminationStatus, stdout: "",
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
