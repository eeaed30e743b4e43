import Foundation
import Testing
import Vignette
import VignetteServer

/// `memoryCacheBytes` and `reducedCopies`: read from the file, handed to
/// the service's pipeline, wrong values named.
@Suite struct MemoryCacheConfigurationTests {
    @Test func theDefaultsAreA64MiBCacheWithReducedCopies() throws {
        let service = try RenderService(configuration: ServerConfiguration(yaml: ""))
        #expect(service.configuration.memoryCacheBytes == 64 << 20 && service.configuration.reducedCopies)
        #expect(service.pipeline.configuration.memoryCacheBytes == 64 << 20)
        #expect(service.pipeline.configuration.memoryCacheEntryBytes == 64 << 20)
        #expect(service.pipeline.configuration.reducedCopies)
    }

    @Test func theFileSetsBoth() throws {
        let configuration = try ServerConfiguration(yaml: "memoryCacheBytes: 1048576\nreducedCopies: false\n")
        let service = try RenderService(configuration: configuration)
        #expect(service.pipeline.configuration.memoryCacheBytes == 1 << 20)
        #expect(service.pipeline.configuration.memoryCacheEntryBytes == 1 << 20)  // no entry above the whole cache
        #expect(!service.pipeline.configuration.reducedCopies)
    }

    @Test func wrongValuesNameTheKey() {
        for yaml in ["memoryCacheBytes: -1", "memoryCacheBytes: lots", "reducedCopies: maybe"] {
            #expect(throws: ServerConfiguration.Error.self, "\(yaml)") { try ServerConfiguration(yaml: yaml) }
            do {
                _ = try ServerConfiguration(yaml: yaml)
            } catch {
                #expect("\(error)".contains(yaml.split(separator: ":")[0]), "\(error)")
            }
        }
    }
}
