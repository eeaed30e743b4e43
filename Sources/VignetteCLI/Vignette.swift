import ArgumentParser
import CVignette
import Vignette

@main
struct VignetteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vignette",
        abstract: "Render image descriptors to PNG, deterministically.",
        version: "0.1.0",
        subcommands: [RenderCommand.self, CatalogCommand.self, VersionsCommand.self]
    )
}

struct VersionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versions", abstract: "Print the versions of the linked C libraries.")

    func run() {
        print("libpng \(PNGCodec.libpngVersion)")
        print(String(cString: vg_curl_version()))
    }
}
