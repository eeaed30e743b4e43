import Foundation
import Vignette

extension RenderCommand {
    /// One command-line input, parsed once when the arguments are read.
    enum Input: Hashable, Sendable {
        /// A PNG file: a plain path, or the path of a `file:` URL.
        case file(path: String)
        /// An `http:` or `https:` URL (the only inputs `--offline` concerns).
        case network(URL)
        /// A `data:` URL.
        case data(URL)

        /// Parses `text`: a path, or a `file:`, `data:`, `http:` or `https:` URL.
        /// A file that exists wins over URL syntax (a file may be named `a:b.png`).
        init(parsing text: String) throws(CLIError) {
            guard let scheme = Self.scheme(of: text), !FileManager.default.fileExists(atPath: text) else {
                self = .file(path: text)
                return
            }
            guard let url = URL(string: text) else { throw .invalidURL(text) }
            if url.isNetworkURL {
                self = .network(url)
            } else if scheme == "data" {
                self = .data(url)
            } else if scheme == "file", url.isFileURL {
                self = .file(path: url.path)
            } else {
                throw .unsupportedScheme(text, scheme: scheme)
            }
        }

        /// Whether the input is fetched over the network (with libcurl).
        var isNetwork: Bool {
            if case .network = self { return true }
            return false
        }

        /// What the pipeline loads.
        var url: URL {
            switch self {
            // A hint, so that making the URL never stats the file.
            case .file(let path): URL(filePath: path, directoryHint: .notDirectory)
            case .network(let url), .data(let url): url
            }
        }

        /// The lowercased scheme when `text` starts like a URL (`letters:`);
        /// one letter is not a scheme (it would be a drive, as in `C:`).
        private static func scheme(of text: String) -> String? {
            guard let colon = text.firstIndex(of: ":") else { return nil }
            let scheme = text[..<colon]
            guard scheme.count > 1, let first = scheme.first, first.isASCII, first.isLetter,
                scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else { return nil }
            return scheme.lowercased()
        }
    }

    /// An input as typed (for messages) and as parsed.
    struct InputArgument: Sendable {
        /// The text on the command line.
        let text: String
        /// The parsed input.
        let input: Input

        /// Parses one command-line input.
        init(_ text: String) throws(CLIError) {
            self.text = text
            input = try Input(parsing: text)
        }
    }

    /// One input to render and where its PNG goes.
    struct Job: Sendable {
        /// The input as typed, for messages.
        let text: String
        /// The parsed input.
        let input: Input
        /// The output file.
        let destination: String
    }

    /// The jobs in input order, each input once (a URL named several times
    /// is fetched and written once), with their output files.
    /// Throws when two different inputs would write the same file.
    static func jobs(
        for arguments: [InputArgument], output: String?, outputDir: String?,
        fileExtension: String = "png"
    ) throws(CLIError) -> [Job] {
        var seen = Set<Input>()
        var owners: [String: String] = [:]
        var jobs: [Job] = []
        for argument in arguments where seen.insert(argument.input).inserted {
            let (text, input) = (argument.text, argument.input)
            let destination: String
            if let output {
                destination = output
            } else {
                let name = OutputName.for(input, fileExtension: fileExtension)
                if let other = owners[name] { throw .sameOutputName(other, text, name: name) }
                owners[name] = text
                destination = ((outputDir ?? ".") as NSString).appendingPathComponent(name)
            }
            jobs.append(Job(text: text, input: input, destination: destination))
        }
        return jobs
    }
}
