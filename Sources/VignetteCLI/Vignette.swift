import ArgumentParser
import CCurl
import CMalloc
import Vignette
import VignetteServer

@main
struct VignetteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vignette",
        abstract: "Render image descriptors to PNG, deterministically.",
        version: "0.1.0",
        subcommands: [
            RenderCommand.self, CatalogCommand.self, CompareCommand.self, CacheCommand.self, ServeCommand.self,
            SignCommand.self, VersionsCommand.self, InfoCommand.self, SnapshotsCommand.self
        ]
    )

    static func main() async {
        // Every source socket, cache file and output takes a descriptor, and on Linux running out of them
        // is fatal (libdispatch traps): every command uses all the system allows. Only serve logs it.
        DescriptorLimit.raised()
        do {
            var command = try parseAsRoot()
            // A batch decodes and encodes image after image: keep freed buffers in the heap for reuse instead of
            // returning them to the kernel, which would fault every page in again. A long-running server gives them back.
            if !(command is ServeCommand) { vg_malloc_keep_large_buffers() }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

struct VersionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versions", abstract: "Print the versions of the C libraries (loading those opened on first use).")

    func run() {
        print("libpng \(PNGCodec.libpngVersion)")
        print("libjpeg-turbo \(JPEGCodec.libjpegTurboVersion)")
        print("libwebp \(WebPCodec.libwebpVersion)")
        print("lcms2 \(ColorProfile.lcms2Version)")
        // These are opened on first use: asking for a version opens them, or says why one can't be.
        print(Self.line("libavif", failure: AVIFCodec.libraryFailure) { "\(AVIFCodec.libavifVersion) (\(AVIFCodec.av1CodecVersions))" })
        print("giflib \(GIFCodec.giflibVersion)")
        print(Self.line("libheif", failure: HEIFCodec.libraryFailure) { "\(HEIFCodec.libheifVersion) (\(HEIFCodec.decoderVersions))" })
        print(CurlDataLoader.libraryFailure.map { "libcurl: not loaded: \($0)" } ?? String(cString: vg_curl_version()))
        // Text's libraries, opened on first use too: a snapshot recorded with text names them.
        print(Self.line("HarfBuzz", failure: TextLibraries.harfBuzzFailure) { TextLibraries.harfBuzzVersion })
        print(Self.line("ICU", failure: TextLibraries.icuFailure) { TextLibraries.icuVersion })
        print(Self.line("libbrotlidec", failure: TextLibraries.brotliFailure) { TextLibraries.brotliVersion })
    }

    private static func line(_ library: String, failure: String?, version: () -> String) -> String {
        failure.map { "\(library): not loaded: \($0)" } ?? "\(library) \(version())"
    }
}
