import Foundation
import Vignette

/// Why one input produced no image. The command prints it as
/// `error: <input>: <description>`, so the description leaves out the
/// input's URL when the library's error names that same URL.
enum RenderError: Error, CustomStringConvertible {
    /// The image at this URL could not be loaded or decoded.
    case loadFailed(URL, ImageLoadingError)
    /// The surface could not be created.
    case surfaceFailed(ImageSurface.Error)
    /// The render could not be encoded as PNG.
    case encodingFailed(PNGCodec.Error)
    /// The PNG could not be written.
    case writeFailed(AtomicFile.Error)
    /// The load ended without a final image or failure (it was cancelled).
    case unfinished(ImageSurface.LoadState)

    var description: String {
        switch self {
        case .loadFailed(let url, let error): error.reason(loading: url)
        case .surfaceFailed(let error): "\(error)"
        case .encodingFailed(let error): "\(error)"
        case .writeFailed(let error): "\(error)"
        case .unfinished(let state): "the load did not finish (\(state))"
        }
    }
}

extension ImageLoadingError {
    /// What went wrong loading `url`, without repeating `url`; an error about
    /// another URL (a redirect target) keeps its own.
    func reason(loading url: URL) -> String {
        switch self {
        case .loadingFailed(let error, let attempts):
            let reason = error.url == url ? error.reasonWithoutURL : error.description
            return attempts > 1 ? "\(reason) (after \(attempts) attempts)" : reason
        case .decodingFailed(let failed, let error):
            return failed == url ? "\(error)" : description
        case .cancelled(let failed):
            return failed == url ? "cancelled" : description
        case .notCached(let failed):
            return failed == url ? "not in the cache (offline: the network is not used)" : description
        }
    }
}

extension LoadingError {
    /// The cause without the leading URL; cases whose text does not lead
    /// with the URL keep their own description.
    var reasonWithoutURL: String {
        switch self {
        case .disallowedScheme(_, let scheme): "the \(scheme): scheme is not allowed (only http and https)"
        case .httpStatus(_, let status, let retryAfter): "HTTP \(status)" + (retryAfter.map { " (retry after \($0))" } ?? "")
        case .timedOut(_, let reason): "timed out (\(reason))"
        case .connectionFailed(_, let reason): "connection failed: \(reason)"
        case .tooLarge(_, let limit): "response larger than the limit of \(limit) bytes"
        case .tooManyRedirects(_, let limit): "more than \(limit) redirects"
        case .tlsFailure(_, let reason): "TLS failed: \(reason)"
        case .cancelled: "cancelled"
        case .transferFailed(_, let reason): reason
        default: description
        }
    }
}
