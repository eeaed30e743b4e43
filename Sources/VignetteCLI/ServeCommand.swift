import ArgumentParser
import CoreMetrics
import Foundation
import Logging
import Prometheus
import Vignette
import VignetteServer

#if Hummingbird
    import Hummingbird
#endif

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the presets of a configuration file over HTTP (GET /render/{preset}, /health, /metrics).",
        discussion: """
            FILE is YAML (or JSON): signingKey, allowHosts, allowPrivateNetworks, maxConcurrentRequests,
            maxQueue, maxConnections, cacheDir, limits, fonts and presets (see examples/serve.yaml). At start the
            soft open-files limit is raised to the hard one; beyond maxConnections (default: what that
            limit allows) connections wait until one closes. SIGTERM or SIGINT stops accepting
            connections, lets requests in flight finish, and exits 0.
            """)

    @Option(name: .long, help: "The YAML or JSON configuration file.")
    var config: String

    @Option(name: .long, help: "Port to listen on (overrides the file; 0 picks a free one).")
    var port: Int?

    @Option(name: .long, help: "Address to listen on (overrides the file).")
    var host: String?

    func run() async throws {
        #if Hummingbird
            try await serve()
        #else
            throw ValidationError("this vignette was built without the Hummingbird trait, which serve needs")
        #endif
    }

    #if Hummingbird
        private func serve() async throws {
            // Every connection takes a descriptor, and running out of them kills the process (libdispatch
            // traps): use all the system allows, then accept only what fits (RenderService.maxConnections).
            let before = DescriptorLimit.initial
            let limit = DescriptorLimit.raised()
            let logger = Logger(label: "vignette.serve")
            let service: RenderService
            // The process's swift-metrics backend is Prometheus, in the registry `/metrics` shows:
            // metrics other libraries record through swift-metrics appear there too.
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(ServerMetrics.prometheusFactory(registry: registry))
            do {
                service = try RenderService(
                    configuration: ServerConfiguration(contentsOfFile: config), metrics: ServerMetrics(registry: registry))
            } catch {
                throw ValidationError("\(error)")
            }
            logger.info(
                "open-files limit \(limit.soft)\(limit.soft > before.soft ? " (raised from \(before.soft))" : ""): at most \(service.maxConnections) connections at once, \(service.configuration.descriptorReserve) descriptors kept for sources and cache files"
            )
            let app = service.application(host: host, port: port, logger: logger) { port in
                // One line on stdout, so scripts can wait for it and learn the port.
                let line = "vignette: serving \(service.presets.names.count) presets on port \(port)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
            try await app.runService()
        }
    #endif
}

struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Print a render path signed for a server's signingKey.",
        discussion: """
            The signature is base64url (no padding) of HMAC-SHA256(key, PATH), appended as the last
            parameter: vignette sign --key secret '/render/thumb?url=https%3A%2F%2Fcdn.example.com%2Fa.jpg&w=200&h=200'
            """)

    @Option(name: .long, help: "The server's signingKey (or set VIGNETTE_SIGNING_KEY).")
    var key: String?

    @Argument(help: "The path and query to sign, percent-encoded as it will be requested.")
    var path: String

    func run() throws {
        guard let key = key ?? ProcessInfo.processInfo.environment["VIGNETTE_SIGNING_KEY"], !key.isEmpty else {
            throw ValidationError("give --key or set VIGNETTE_SIGNING_KEY")
        }
        guard path.hasPrefix("/") else { throw ValidationError("the path must start with / (the server's path and query)") }
        print(RequestSigner(key: key).sign(path))
    }
}
