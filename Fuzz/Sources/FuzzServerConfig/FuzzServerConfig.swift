import Foundation
import FuzzSupport
import Vignette
import VignetteCore
import VignetteServer

/// libFuzzer entry point: the text of a `vignette serve` configuration
/// (YAML or JSON) through `ServerConfiguration(yaml:)`. It either throws its
/// typed error, which says what is wrong, or gives settings within the
/// ranges the parser promises: what the server then sizes its limits,
/// queues and caches from. The presets it defines must build (their
/// failure files aside: the fuzzer must not read arbitrary paths), and the
/// limits must admit the smallest request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = String(decoding: FuzzInput.data(bytes, count), as: UTF8.self)
    let configuration: ServerConfiguration
    do throws(ServerConfiguration.Error) {
        configuration = try ServerConfiguration(yaml: text)
    } catch {
        if error.description.isEmpty { FuzzInput.fail("an error with no message: \(error)") }
        return 0
    }
    checkSettings(configuration)
    checkLimits(configuration.limits)
    checkPresets(configuration.presets)
    return 0
}

/// The server-wide settings, within the parser's ranges.
private func checkSettings(_ configuration: ServerConfiguration) {
    let c = configuration
    guard (0...65535).contains(c.port) else { FuzzInput.fail("port \(c.port)") }
    guard (1...100_000).contains(c.maxConcurrentRequests) else { FuzzInput.fail("maxConcurrentRequests \(c.maxConcurrentRequests)") }
    guard (0...1_000_000).contains(c.maxQueue) else { FuzzInput.fail("maxQueue \(c.maxQueue)") }
    guard c.cacheBytes >= 1 << 20 else { FuzzInput.fail("cacheBytes \(c.cacheBytes)") }
    guard (0...5).contains(c.sourceRetries) else { FuzzInput.fail("sourceRetries \(c.sourceRetries)") }
    if let key = c.signingKey, key.isEmpty { FuzzInput.fail("an empty signing key") }
    let options = c.loadingOptions
    guard options.timeout > .zero, options.connectTimeout > .zero, options.connectTimeout <= options.timeout else {
        FuzzInput.fail("loading timeouts \(options.connectTimeout), \(options.timeout)")
    }
    guard options.maxResponseBytes == c.limits.maxSourceBytes else { FuzzInput.fail("maxResponseBytes \(options.maxResponseBytes)") }
}

/// The limits: positive sizes, a finite scale of 1–8, a timeout of at
/// most 10 minutes, and room for a 1×1 request.
private func checkLimits(_ limits: ServerConfiguration.Limits) {
    guard limits.maxSourceBytes > 0, limits.maxSourcePixels > 0 else {
        FuzzInput.fail("source limits \(limits.maxSourceBytes) bytes, \(limits.maxSourcePixels) pixels")
    }
    guard (1...ImageSurface.maxPixelCount).contains(limits.maxOutputPixels) else { FuzzInput.fail("maxOutputPixels \(limits.maxOutputPixels)") }
    guard (1...32768).contains(limits.maxWidth), (1...32768).contains(limits.maxHeight) else {
        FuzzInput.fail("maxWidth \(limits.maxWidth), maxHeight \(limits.maxHeight)")
    }
    guard limits.maxScale.isFinite, (1...8).contains(limits.maxScale) else { FuzzInput.fail("maxScale \(limits.maxScale)") }
    guard limits.sourceTimeout > .zero, limits.sourceTimeout <= .seconds(600) else { FuzzInput.fail("sourceTimeout \(limits.sourceTimeout)") }
    let smallest = "url=https%3A%2F%2Fcdn.example.com%2Fa.png&w=1&h=1&scale=1"
    do throws(RenderParameters.Error) {
        _ = try RenderParameters(query: smallest, limits: limits)
    } catch {
        FuzzInput.fail("the limits refuse a 1×1 request: \(error)")
    }
}

/// Every preset within its ranges, and all of them buildable — but for a
/// preset's own text over the text budgets, which the server refuses at
/// start like a missing file (named `….overlays[i].text`).
private func checkPresets(_ definitions: [String: PresetDefinition]) {
    var withoutFiles = definitions
    for (name, definition) in definitions {
        guard (0...31_536_000).contains(definition.maxAge) else { FuzzInput.fail("presets.\(name).maxAge \(definition.maxAge)") }
        withoutFiles[name]?.failure = nil
        withoutFiles[name]?.overlays = definition.overlays.filter(\.file.isEmpty)
    }
    let presets: Presets
    do throws(ServerConfiguration.Error) {
        presets = try Presets(definitions: withoutFiles)
    } catch {
        if case .invalidValue(let key, _) = error, key.hasSuffix(".text") { return }
        FuzzInput.fail("presets without failure and overlay files do not build: \(error)")
    }
    guard Set(presets.names) == Set(definitions.keys) else { FuzzInput.fail("presets \(presets.names) for \(definitions.keys.sorted())") }
    let source = URL(string: "https://cdn.example.com/a.png")!
    for name in presets.names {
        guard let preset = presets[name] else { FuzzInput.fail("preset \(name) listed but missing") }
        let descriptor = preset.descriptor(source)
        guard descriptor.reference == source else { FuzzInput.fail("preset \(name) changes the source") }
        guard preset.maxAge == definitions[name]?.maxAge else { FuzzInput.fail("preset \(name) maxAge \(preset.maxAge)") }
    }
}

@main
enum Harness {
    static func main() { FuzzDriver.run(fuzzTestOneInput) }
}
