import Foundation

/// The render service's request checks, reachable by the libFuzzer
/// harnesses in `Fuzz/`: that is a separate package (so fuzz builds stay out
/// of the normal one), and a separate package sees no internal API. The
/// entry point calls the code `render(target:preset:accept:ifNoneMatch:)`
/// runs before admission, unchanged. Not meant for applications, hence the SPI.
@_spi(Fuzzing)
public enum ServerFuzzingEntryPoints {
    /// What `service` makes of a request for `preset` with the raw
    /// `target` (path and percent-encoded query): the signature check, the
    /// preset, the parameters and the address policy, before any fetch.
    /// Either the parameters of an accepted request or the status (403 for
    /// the signature, source scheme and address policy, 404, 400) and body
    /// of the reply that refuses it.
    public static func checkRequest(
        _ service: RenderService, target: String, preset: String
    ) -> (accepted: RenderParameters?, refusal: (status: Int, message: String)?) {
        switch service.check(target: target, preset: preset) {
        case .accepted(_, let parameters): (parameters, nil)
        case .refused(let reply): (nil, (reply.status, String(decoding: reply.body, as: UTF8.self)))
        }
    }
}
