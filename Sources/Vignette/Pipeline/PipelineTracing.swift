import Foundation
import Tracing

/// The pipeline's spans (swift-distributed-tracing), children of whatever
/// span is current when a load starts:
///
/// - `vignette.fetch`: one per transfer job (coalesced waiters share it), with
///   `server.address`, `vignette.source` (disk, revalidated, network),
///   `vignette.cache` (hit or miss), `vignette.bytes`, or the error;
/// - `vignette.revalidate`: inside a fetch, the conditional request for a
///   stale disk copy, with `http.response.status_code` (304 confirms it);
/// - `vignette.decode`: `vignette.format`, `vignette.bytes`, `image.width`,
///   `image.height`, or the error.
extension FetchStage {
    /// `fetch`, in a `vignette.fetch` span.
    func tracedFetch(
        _ key: ImageRequest.DataKey, policy: CachePolicy,
        priority: ConcurrencyGate.Priority
    ) async -> Result<FetchedData, ImageRequest.Error> {
        await observer.span("vignette.fetch") { span in
            let result = await fetch(key, policy: policy, priority: priority)
            guard span.isRecording else { return result }
            span.attributes["server.address"] = key.url.loggableSource
            switch result {
            case .success(let fetched):
                span.attributes["vignette.source"] = fetched.source.spanValue
                span.attributes["vignette.cache"] = fetched.source == .network ? "miss" : "hit"
                span.attributes["vignette.bytes"] = fetched.data.count
                if let stale = fetched.staleBecause { span.attributes["vignette.stale_because"] = stale.reason }
            case .failure(let error):
                span.fail(error.reason, type: error.spanType)
            }
            return result
        }
    }

    /// `transfer`, in a `vignette.revalidate` span when it carries a
    /// stale copy's validators.
    func tracedTransfer(
        _ key: ImageRequest.DataKey, revalidating cached: DiskCacheEntry?, priority: ConcurrencyGate.Priority
    ) async -> Result<LoadedData, ImageRequest.Error> {
        let url = key.url
        guard let cached, !cached.metadata.validators.isEmpty else {
            return await transfer(key, validators: CacheValidators(), priority: priority)
        }
        return await observer.span("vignette.revalidate") { span in
            span.attributes["server.address"] = url.loggableSource
            let result = await transfer(key, validators: cached.metadata.validators, priority: priority)
            switch result {
            case .success(let response):
                if let status = response.statusCode { span.attributes["http.response.status_code"] = status }
                span.attributes["vignette.bytes"] = response.data.count
            case .failure(let error):
                span.fail(error.reason, type: error.spanType)
            }
            return result
        }
    }
}

extension DecodeStage {
    /// Decodes `data` in a `vignette.decode` span.
    func tracedDecode(_ data: Data, _ request: ImageRequest) throws(ImageDecoders.Error) -> (bitmap: Bitmap, warnings: [DecodingWarning]) {
        try fetch.observer.span("vignette.decode") { (span) throws(ImageDecoders.Error) in
            span.attributes["vignette.bytes"] = data.count
            if span.isRecording, let format = decoders.decoder(for: data)?.format { span.attributes["vignette.format"] = format.rawValue }
            do throws(ImageDecoders.Error) {
                let decoded = try decoders.decodeReporting(data, options: request.options)
                span.attributes["image.width"] = decoded.bitmap.width
                span.attributes["image.height"] = decoded.bitmap.height
                if !decoded.warnings.isEmpty { span.attributes["vignette.warnings"] = decoded.warnings.count }
                return decoded
            } catch {
                span.fail("\(error)", type: "decoding")
                throw error
            }
        }
    }
}

extension Span {
    /// Marks the span failed: `error.type` and the status message, which
    /// never name the URL.
    package func fail(_ reason: String, type: String) {
        attributes["error.type"] = type
        setStatus(SpanStatus(code: .error, message: reason))
    }
}

extension ImageResponse.Source {
    /// `memory`, `disk`, `revalidated`, `network`.
    package var spanValue: String {
        switch self {
        case .memory: "memory"
        case .disk: "disk"
        case .revalidated: "revalidated"
        case .network: "network"
        }
    }
}

extension ImageRequest.Error {
    /// The kind of failure, for `error.type`: `http_503`, `timed_out`, `refused`, `decoding`, ….
    package var spanType: String {
        switch self {
        case .loadingFailed(let error, _): error.spanType
        case .decodingFailed: "decoding"
        case .cancelled: "cancelled"
        case .notCached: "not_cached"
        case .notModifiedWithoutCachedCopy: "not_modified_without_copy"
        }
    }
}

extension ImageRequest.TransferError {
    /// The kind of failure, for `error.type`.
    var spanType: String {
        switch self {
        case .invalidURL: "invalid_url"
        case .disallowedScheme: "disallowed_scheme"
        case .httpStatus(_, let status, _): "http_\(status)"
        case .timedOut: "timed_out"
        case .connectionFailed: "connection_failed"
        case .tooLarge: "too_large"
        case .tooManyRedirects: "too_many_redirects"
        case .tlsFailure: "tls_failure"
        case .fileUnreadable: "file_unreadable"
        case .malformedDataURL: "malformed_data_url"
        case .cancelled: "cancelled"
        case .refused: "refused"
        case .transferFailed: "transfer_failed"
        }
    }
}
