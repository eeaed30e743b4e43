import Dispatch
import Foundation

/// Loads `file:` and `data:` URLs. File reads happen on a Dispatch queue,
/// never on Swift's cooperative pool; the size limit is checked before
/// reading.
package struct LocalDataLoader: DataLoading {
    /// The size limit (`maxResponseBytes`) applies to files and data URLs too.
    package let options: LoadingOptions

    /// A loader with the given limits.
    package init(options: LoadingOptions = LoadingOptions()) {
        self.options = options
    }

    /// Reads a `file:` URL or decodes a `data:` URL (headers and validators do not apply).
    package func load(_ request: DataRequest) async throws(ImageRequest.TransferError) -> LoadedData {
        let url = request.url
        switch url.scheme?.lowercased() {
        case "file": return try await readFile(url)
        case "data": return try decodeDataURL(url)
        case let scheme?: throw .disallowedScheme(url, scheme: scheme)
        case nil: throw .invalidURL(url.absoluteString)
        }
    }

    private func readFile(_ url: URL) async throws(ImageRequest.TransferError) -> LoadedData {
        let limit = options.maxResponseBytes
        let inlinesImages = options.inlinesSVGImageFiles
        let result: Result<Data, ImageRequest.TransferError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do throws(FileContents.Failure) {
                    let data = try FileContents(path: url.path, maxBytes: limit).data
                    let folder = url.deletingLastPathComponent().path
                    continuation.resume(returning: .success(inlinesImages ? SVGFileImages.inlining(data, folder: folder) : data))
                } catch {
                    switch error {
                    case .system(let code):
                        let cause = POSIXErrorCode(rawValue: code) ?? .EIO  // every errno Linux defines has a case
                        continuation.resume(returning: .failure(.fileUnreadable(url, cause: cause)))
                    case .tooLarge:
                        continuation.resume(returning: .failure(.tooLarge(url, limit: limit)))
                    }
                }
            }
        }
        return LoadedData(data: try result.get(), url: url)
    }

    /// `data:[<media type>][;base64],<data>`
    private func decodeDataURL(_ url: URL) throws(ImageRequest.TransferError) -> LoadedData {
        let text = url.absoluteString
        guard let comma = text.firstIndex(of: ",") else { throw .malformedDataURL(url, reason: "no comma before the data") }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        let payload = String(text[text.index(after: comma)...])
        let data: Data?
        if header.lowercased().hasSuffix(";base64") {
            data = Data(base64Encoded: payload.removingPercentEncoding ?? payload, options: .ignoreUnknownCharacters)
        } else {
            data = payload.removingPercentEncoding.map { Data($0.utf8) }
        }
        guard let data else { throw .malformedDataURL(url, reason: "the data is not valid base64 or percent-encoding") }
        guard data.count <= options.maxResponseBytes else { throw .tooLarge(url, limit: options.maxResponseBytes) }
        return LoadedData(data: data, url: url)
    }
}
