import Foundation
import FuzzSupport
import Vignette
import VignetteCore
@_spi(Fuzzing) import VignetteServer

/// libFuzzer entry point: a request target (`/render/{preset}?url&w&h&scale
/// &format&q&sig`, raw and percent-encoded) through the checks the render
/// service runs before it fetches anything: the signature, the preset, the
/// query and the address policy, against a fixed configuration with a
/// signing key and an allow-list. The first byte picks the service (the
/// default limits or the largest the configuration allows), whether the
/// target is signed first (so that the fuzzer gets past the HMAC and into
/// the query) and whether the preset name is percent-decoded as a router
/// may. A refusal must be a 400, 403 or 404 with a message; an accepted
/// request must carry a signature that verifies, stay within the limits,
/// come from an allowed host, render to at least one pixel, and parse the
/// same when written back as a query.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzInput.data(bytes, count)
    guard let mode = data.first else { return 0 }
    let service = mode & 4 == 0 ? Services.standard : Services.largest
    let text = String(decoding: data.dropFirst(), as: UTF8.self)
    let signs = mode & 1 != 0
    let target = signs ? Services.signer.sign(text) : text
    let path = target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
    var preset = path.hasPrefix("/render/") ? String(path.dropFirst("/render/".count)) : ""
    if mode & 2 != 0 { preset = preset.removingPercentEncoding ?? preset }
    let outcome = ServerFuzzingEntryPoints.checkRequest(service, target: target, preset: preset)
    if let refusal = outcome.refusal {
        guard [400, 403, 404].contains(refusal.status), !refusal.message.isEmpty else {
            FuzzInput.fail("refused with \(refusal.status) '\(refusal.message)'")
        }
        let signatureErrors: [RequestSigner.Error] = [.missing, .notLast, .mismatch]
        if signs, !text.contains("&sig="), signatureErrors.contains(where: { "\($0)\n" == refusal.message }) {
            FuzzInput.fail("a target the signer signed is refused: \(refusal.message)")
        }
    } else if let parameters = outcome.accepted {
        check(parameters, target: target, service: service)
    }
    return 0
}

/// The promises of an accepted request.
private func check(_ parameters: RenderParameters, target: String, service: RenderService) {
    do throws(RequestSigner.Error) {
        try Services.signer.verify(target)
    } catch {
        FuzzInput.fail("accepted without a valid signature: \(error)")
    }
    let limits = service.configuration.limits
    let (w, h, scale) = (parameters.size.width, parameters.size.height, parameters.scale)
    guard w == w.rounded(), h == h.rounded(), w >= 1, h >= 1, w <= Double(limits.maxWidth), h <= Double(limits.maxHeight) else {
        FuzzInput.fail("size \(parameters.size) outside the limits")
    }
    guard scale.isFinite, scale > 0, scale <= limits.maxScale, w * h * scale * scale <= Double(limits.maxOutputPixels) else {
        FuzzInput.fail("scale \(scale) for \(parameters.size) outside the limits")
    }
    guard (1...100).contains(parameters.quality) else { FuzzInput.fail("quality \(parameters.quality)") }
    guard let scheme = parameters.source.scheme?.lowercased(), scheme == "http" || scheme == "https",
        parameters.source.host?.isEmpty == false
    else {
        FuzzInput.fail("source \(parameters.source)")
    }
    if let refusal = service.configuration.loadingOptions.addressPolicy.refusal(for: parameters.source) {
        FuzzInput.fail("source \(parameters.source) accepted though the address policy refuses it: \(refusal)")
    }
    do throws(ImageSurface.Error) {
        _ = try ImageSurface(size: parameters.size, scale: scale)  // checks, allocates no pixels
    } catch {
        FuzzInput.fail("accepted, but the surface refuses it: \(error)")
    }
    let surface = ImageRenderer.pixelSize(of: parameters.size, scale: scale)
    guard surface.width >= 1, surface.height >= 1 else {
        FuzzInput.fail("accepted, but renders \(surface.width) × \(surface.height) pixels (scale \(scale))")
    }
    let written = Services.query(parameters)
    do throws(RenderParameters.Error) {
        let again = try RenderParameters(query: written, limits: limits)
        guard again == parameters else { FuzzInput.fail("'\(written)' parses as \(again), not \(parameters)") }
    } catch {
        FuzzInput.fail("'\(written)', written back from an accepted request, is refused: \(error)")
    }
}

/// The fixed services and their signer.
private enum Services {
    static let key = "fuzz-signing-key"
    static let signer = RequestSigner(key: key)
    /// The default limits.
    static let standard = make(largest: false)
    /// The largest limits the configuration file allows.
    static let largest = make(largest: true)

    static func make(largest: Bool) -> RenderService {
        var configuration = ServerConfiguration()
        configuration.signingKey = key
        configuration.allowHosts = ["cdn.example.com", "*.img.example.org", "127.0.0.1:9000", "[::1]"].compactMap(HostPattern.init)
        if largest {
            configuration.limits.maxWidth = 32768
            configuration.limits.maxHeight = 32768
            configuration.limits.maxScale = 8
            configuration.limits.maxOutputPixels = ImageSurface.maxPixelCount
        }
        configuration.presets = [
            "thumb": PresetDefinition(contentMode: .aspectFill, maxAge: 86400),
            "icon": PresetDefinition(contentMode: .center, tint: .black), "fit": PresetDefinition()
        ]
        do throws(ServerConfiguration.Error) {
            return try RenderService(configuration: configuration)
        } catch {
            FuzzInput.fail("the fixed configuration is refused: \(error)")
        }
    }

    /// The query that asks for `parameters`, as a client would write it.
    static func query(_ parameters: RenderParameters) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        let url = parameters.source.absoluteString.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        var query = "url=\(url)&w=\(Int(parameters.size.width))&h=\(Int(parameters.size.height))&scale=\(parameters.scale)"
        if let format = parameters.format { query += "&format=\(format.rawValue)" }
        return query + "&q=\(parameters.quality)"
    }
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
