import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// The YAML configuration: the example file, defaults, and errors that
/// name the key.
@Suite struct ConfigurationTests {
    @Test func theShippedExampleParses() throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("examples/serve.yaml").path
        let configuration = try ServerConfiguration(contentsOfFile: path)
        #expect(configuration.presets["productImage"]?.contentMode == .aspectFill)
        #expect(configuration.presets["productImage"]?.maxAge == 86400)
        #expect(configuration.presets["icon"]?.tint == Color(red: 0xFF, green: 0, blue: 0))
        let service = try RenderService(configuration: configuration)
        #expect(service.presets.names.contains("productImage"))
    }

    @Test func theIssueExampleParsesWithEveryKey() throws {
        let configuration = try ServerConfiguration(
            yaml: """
                signingKey: "secret"
                allowHosts: ["cdn.example.com", "127.0.0.1:9000", "[::1]:8080", "*.img.example.org"]
                allowPrivateNetworks: false
                maxConcurrentRequests: 64
                maxQueue: 256
                cacheDir: /var/cache/vignette
                maxSourceBytes: 1000000
                sourceTimeout: 2.5
                presets:
                  productImage: {contentMode: aspectFill, background: "#EEEEEE", maxAge: 86400}
                  icon:         {contentMode: center, tint: "#FF0000"}
                """)
        #expect(configuration.signingKey == "secret")
        #expect(configuration.allowHosts.map(\.description) == ["cdn.example.com", "127.0.0.1:9000", "[::1]:8080", "*.img.example.org"])
        #expect(configuration.cacheDir == "/var/cache/vignette")
        #expect(configuration.limits.maxSourceBytes == 1_000_000)
        #expect(configuration.limits.sourceTimeout == .milliseconds(2500))
        #expect(
            configuration.presets["productImage"]
                == PresetDefinition(
                    contentMode: .aspectFill, background: Color(red: 0xEE, green: 0xEE, blue: 0xEE), maxAge: 86400))
        #expect(configuration.presets["icon"]?.maxAge == 3600)
        let policy = configuration.loadingOptions.addressPolicy
        #expect(!policy.allowsPrivateNetworks && !policy.allowsHTTPSDowngrade)
    }

    @Test func jsonIsAccepted() throws {
        let configuration = try ServerConfiguration(yaml: #"{"maxQueue": 3, "presets": {"a": {"contentMode": "top"}}}"#)
        #expect(configuration.maxQueue == 3 && configuration.presets["a"]?.contentMode == .top)
    }

    @Test func anEmptyFileIsEveryDefault() throws {
        let configuration = try ServerConfiguration(yaml: "")
        #expect(configuration.signingKey == nil && configuration.maxConcurrentRequests == 64 && configuration.maxQueue == 256)
        #expect(configuration.allowPrivateNetworks == false && configuration.presets.isEmpty)
    }

    @Test(arguments: [
        ("maxQueue: lots", "maxQueue: expected an integer"),
        ("maxConcurrentRequests: 0", "maxConcurrentRequests: 0 is outside 1...100000"),
        ("allowPrivateNetworks: maybe", "allowPrivateNetworks: expected true or false"),
        ("allowHosts: cdn.example.com", "allowHosts: expected a list of strings"),
        ("allowHosts: ['cdn.example.com:http']", "allowHosts[0]: 'cdn.example.com:http' is not host or host:port"),
        ("signingkey: x", "signingkey: unknown key (known: host, port, signingKey"),
        ("presets: {a: {contentMode: aspectFil}}", "presets.a.contentMode: 'aspectFil' is not one of scaleToFill"),
        ("presets: {a: {background: '#GG0000'}}", "presets.a.background: '#GG0000' is not a colour"),
        ("presets: {a: {maxage: 5}}", "presets.a.maxage: unknown key (known: contentMode, tint, background, failure, maxAge, focus, shape, cornerRadius, "),
        ("presets: {a: {failure: /nonexistent/f.png}}", "presets.a.failure: /nonexistent/f.png:"),
        ("presets: [a]", "presets: expected a mapping"),
        ("maxQueue: [1", "the configuration is not valid YAML")
    ])
    func errorsNameTheKey(yaml: String, message: String) throws {
        do {
            _ = try RenderService(configuration: ServerConfiguration(yaml: yaml))
            Issue.record("accepted: \(yaml)")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    @Test func failureImagesAreReadRelativeToTheFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PNGCodec.encode(Bitmap(width: 4, height: 4, fill: .black)).write(to: folder.appendingPathComponent("broken.png"))
        let file = folder.appendingPathComponent("serve.yaml")
        try "presets:\n  p: {failure: broken.png, background: '#FFFFFF'}\n".write(to: file, atomically: true, encoding: .utf8)
        let configuration = try ServerConfiguration(contentsOfFile: file.path)
        #expect(configuration.presets["p"]?.failure == folder.appendingPathComponent("broken.png").path)
        let service = try RenderService(configuration: configuration)
        let reply = await service.render(
            target: "/render/p?url=http%3A%2F%2F127.0.0.1%3A1%2Fa.png&w=8&h=8&format=png",
            preset: "p", accept: nil, ifNoneMatch: nil)
        #expect(reply.status == 403)  // the server default refuses loopback before any fetch
        #expect(reply.header("Cache-Control") == "no-store")
    }

    @Test func theUnreadableFileIsNamed() {
        #expect(throws: ServerConfiguration.Error.self) { try ServerConfiguration(contentsOfFile: "/nonexistent/serve.yaml") }
        do {
            _ = try ServerConfiguration(contentsOfFile: "/nonexistent/serve.yaml")
        } catch {
            #expect("\(error)".hasPrefix("cannot read the configuration /nonexistent/serve.yaml"))
        }
    }
}
