import ArgumentParser
import Foundation
import Vignette

/// `vignette info FILE…`: what the headers say about each image, and its
/// dominant colour, BlurHash and ThumbHash from its pixels.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print an image's format, size, orientation, alpha, animation, colour profile and placeholders.",
        discussion: """
            For each FILE: the format, the size as stored and once oriented, the EXIF \
            orientation (1-8), alpha, frame count, total duration and loop count, the \
            embedded ICC profile's description, the bit depth, and from the decoded \
            pixels the dominant colour (#RRGGBB), a 4x3 BlurHash and a ThumbHash \
            (base64).

            --json prints one JSON object for one file and an array for several, with \
            the keys format, width, height, orientedWidth, orientedHeight, orientation, \
            hasAlpha, frameCount, durationMilliseconds, loopCount, iccProfile, bitDepth, \
            dominantColor, blurhash, thumbhash (null when absent), and for an SVG viewBox, \
            skippedElements, fontFamilies and missingFontFamilies (the families its text \
            names that neither the bundled Noto Sans nor --font-dir has).

            Exit status: 0 when every file was read; 1 when some file could not be read \
            or decoded (each prints 'error: <file>: <reason>'; the others are still \
            reported); 64 on a usage error.
            """)

    @Argument(help: "Image files (PNG, JPEG, WebP, AVIF, GIF).")
    var files: [String]

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(
        help: ArgumentHelp("Refuse images of more pixels than this, from the header, before decoding (or none).", valueName: "N|none"))
    var maxPixels = LimitArgument(DecodingOptions.defaultMaxPixelCount)

    @Option(help: ArgumentHelp("Refuse images with a side longer than this many pixels (or none).", valueName: "N|none"))
    var maxSide = LimitArgument(DecodingOptions.defaultMaxSide)

    @OptionGroup var fonts: FontOptions

    func run() throws {
        let options = DecodingOptions(maxPixelCount: maxPixels.value, maxSide: maxSide.value)
        let decoders = ImageDecoders.standard(fonts: try fonts.given())
        var infos: [(file: String, info: ImageInfo)] = []
        var failed = false
        for file in files {
            do {
                let url = URL(fileURLWithPath: file)
                // As `render` draws it: with the images beside it that it names.
                let data = SVGFileImages.inlining(try Data(contentsOf: url), folder: url.deletingLastPathComponent().path)
                infos.append((file, try ImageInfo.read(data, decoders: decoders, options: options)))
            } catch let error as ImageDecoders.Error {
                failed = true
                FileHandle.standardError.write(Data("error: \(file): \(error)\n".utf8))
            } catch {
                failed = true
                FileHandle.standardError.write(Data("error: \(file): cannot read the file: \(error.localizedDescription)\n".utf8))
            }
        }
        if !infos.isEmpty { print(output(infos)) }
        if failed { throw ExitCode(1) }
    }

    /// JSON (an object for one file argument, an array for several) or
    /// text blocks, each headed by its file name when there are several.
    func output(_ infos: [(file: String, info: ImageInfo)]) -> String {
        if json {
            return files.count == 1 && infos.count == 1
                ? infos[0].info.json(indent: 2) : ImageInfo.json(infos.map(\.info), indent: 2)
        }
        if files.count == 1 { return infos.first?.info.text ?? "" }
        return infos.map { "\($0.file):\n" + $0.info.text.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
            .joined(separator: "\n\n")
    }
}
