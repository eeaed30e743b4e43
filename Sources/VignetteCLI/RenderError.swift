import Foundation
import Vignette

/// Why one input produced no image. The command prints it as
/// `error: <input>: <description>`, so the description leaves out the
/// input's URL when the library's error names that same URL.
enum RenderError: Error, CustomStringConvertible {
    /// The image at this URL could not be loaded or decoded.
    case loadFailed(URL, ImageRequest.Error)
    /// The surface could not be created.
    case surfaceFailed(ImageSurface.Error)
    /// The render could not be encoded.
    case encodingFailed(EncodingOptions.Error)
    /// The PNG could not be written.
    case writeFailed(AtomicFile.Error)
    /// The load ended without a final image or failure (it was cancelled).
    case unfinished(ImageSurface.LoadState)
    /// The frames of an animated source could not be loaded or drawn.
    case animationFailed(ImageSurface.AnimationError)

    var description: String {
        switch self {
        case .loadFailed(let url, let error): error.reason(loading: url) + Self.limitHint(error)
        case .surfaceFailed(let error): "\(error)"
        case .encodingFailed(let error): "\(error)"
        case .writeFailed(let error): "\(error)"
        case .unfinished(let state): "the load did not finish (\(state))"
        case .animationFailed(let error): Self.animationReason(error)
        }
    }

    /// An animation failure with the option that lifts the limit it hit.
    private static func animationReason(_ error: ImageSurface.AnimationError) -> String {
        switch error {
        case .loadingFailed(let loading): loading.description + limitHint(loading)
        case .renderingFailed(.animationTooLarge): "\(error) (raise it with --max-animation-pixels N, or --first-frame)"
        default: "\(error)"
        }
    }

    /// Which option raises the decoder limit an image ran into.
    private static func limitHint(_ error: ImageRequest.Error) -> String {
        guard case .decodingFailed(_, let decoding) = error else { return "" }
        switch decoding.reason {
        case .tooLarge: return " (raise it with --max-pixels N, or --max-pixels none)"
        case .sideTooLong: return " (raise it with --max-side N, or --max-side none)"
        case .tooManyFrames: return " (raise it with --max-frames N, or take one frame with --first-frame)"
        case .animationTooLarge: return " (raise it with --max-animation-pixels N, or take one frame with --first-frame)"
        default: return ""
        }
    }
}

extension ImageRequest.Error {
    /// What went wrong loading `url`, without repeating `url`; an error about
    /// another URL (a redirect target) keeps its own.
    func reason(loading url: URL) -> String {
        if case .loadingFailed(let error, _) = self, error.url != url { return description }
        return self.url == url ? reason : description
    }
}
