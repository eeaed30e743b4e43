import Foundation

/// The render service's request checks, reachable by the libFuzzer
/// harnesses in `Fuzz/`: that is a separate package (so fuzz builds stay out
/// of the normal one), and a separate package sees no internal API. The
/// entry point calls the code `render(target:preset:accept:ifNoneMatch:)`
/// runs before admission, unchanged. Not meant for applications, hence the SPI.
@_spi(Fuzzing)
public enum ServerFuzzingEntryPoints {
    /// A request the checks refuse: the status and body of the reply.
    public struct Refusal: Error {
        /// The HTTP status (403 for the signature, source scheme and address policy, 404, 400).
        public let status: Int
        /// The body of the reply.
        public let message: String
    }

    /// What `service` makes of a request for `preset` with the raw
    /// `target` (path and percent-encoded query): the signature check, the
    /// preset, the parameters and the address policy, before any fetch.
    public static func checkRequest(_ service: RenderService, target: String, preset: String) -> Result<RenderParameters, Refusal> {
        switch service.check(target: target, preset: preset) {
        case .accepted(_, let parameters): .success(parameters)
        case .refused(let reply): .failure(Refusal(status: reply.status, message: String(decoding: reply.body, as: UTF8.self)))
        }
    }
}
