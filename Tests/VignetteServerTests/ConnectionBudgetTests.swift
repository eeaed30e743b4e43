import Testing
import VignetteServer

#if Hummingbird
    import HummingbirdCore
    import Logging
#endif

/// `maxConnections`: read from the file, derived from the open-files limit
/// when not set, refused when it does not fit; and the accept hook that
/// enforces it, counting each pause.
@Suite struct ConnectionBudgetTests {
    @Test func maxConnectionsIsReadAndValidated() throws {
        #expect(try ServerConfiguration(yaml: "maxConnections: 500").maxConnections == 500)
        #expect(try ServerConfiguration(yaml: "port: 1").maxConnections == nil)
        #expect(throws: ServerConfiguration.Error.invalidValue(key: "maxConnections", reason: "0 is outside 1...1000000")) {
            try ServerConfiguration(yaml: "maxConnections: 0")
        }
        #expect(throws: ServerConfiguration.Error.wrongType(key: "maxConnections", expected: "an integer")) {
            try ServerConfiguration(yaml: "maxConnections: many")
        }
    }

    @Test func theDefaultIsWhatTheLimitLeavesBesideTheReserve() throws {
        var configuration = ServerConfiguration()
        #expect(configuration.descriptorReserve == 32 + 64 + 3 * 64)
        #expect(try configuration.connectionLimit(descriptors: 1024, open: 20) == 1024 - 20 - 288)
        #expect(try configuration.connectionLimit(descriptors: 1_048_576, open: 20) == ServerConfiguration.defaultMaxConnections)
        configuration.maxConcurrentRequests = 8
        #expect(configuration.descriptorReserve == 32 + 64 + 24)
        #expect(try configuration.connectionLimit(descriptors: 256, open: 10) == 256 - 10 - 120)
    }

    @Test func aLimitTooLowOrAMaxConnectionsBeyondItIsRefusedNamingTheFix() throws {
        var configuration = ServerConfiguration()
        #expect(throws: ServerConfiguration.Error.self) { try configuration.connectionLimit(descriptors: 256, open: 10) }
        configuration.maxConnections = 5000
        do {
            _ = try configuration.connectionLimit(descriptors: 1024, open: 20)
            Issue.record("5000 connections fitted in 1024 descriptors")
        } catch {
            guard case .invalidValue(let key, let reason) = error else { throw error }
            #expect(key == "maxConnections")
            #expect(reason.contains("ulimit -n") && reason.contains("to \(5000 + 20 + 288)"))
        }
        configuration.maxConnections = 600
        #expect(try configuration.connectionLimit(descriptors: 1024, open: 20) == 600)
    }

    #if Hummingbird
        @Test func theHookStopsAcceptingAtTheBudgetCountsThePauseAndResumes() {
            let metrics = ServerMetrics()
            var budget = ConnectionBudget(maxConnections: 3, metrics: metrics, logger: Logger(label: "test"))
            for _ in 0..<3 {
                #expect(budget.isAcceptingNewConnections())
                budget.connectionOpened()
            }
            #expect(!budget.isAcceptingNewConnections())
            budget.connectionOpened()  // one more from the same accept burst: no second pause
            budget.connectionClosed()
            budget.connectionClosed()
            #expect(budget.isAcceptingNewConnections())
            budget.connectionOpened()  // back at the budget: a second pause
            let text = metrics.exposition() ?? ""
            #expect(text.contains("vignette_accept_pauses_total 2"))
            #expect(text.contains("vignette_connections_open 3"))
        }
    #endif
}
