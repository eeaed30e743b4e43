#if Vapor && Hummingbird
    import Foundation
    import Testing
    import Vignette
    import VignetteServer
    import VignetteTestSupport

    /// One request table through the Hummingbird router and VignetteVapor's
    /// `RenderRoutes`, each over a fresh service with the same configuration:
    /// every reply must match in status, headers (ETag, `Vary`,
    /// `Cache-Control`, errors) and body.
    @Suite(.timeLimit(.minutes(30))) struct SameRepliesTests {
        /// A request: a path under `/images` and header fields; `$ETAG<n>` in a
        /// header value stands for the ETag row `n` answered with.
        struct Row: Sendable {
            var path: String
            var headers: [(String, String)] = []
            /// False for `/metrics`, whose durations differ from run to run.
            var comparesBody = true
        }

        static func rows(_ origin: LoopbackServer, signer: RequestSigner) -> [Row] {
            let photo = origin.address("/photo.jpg").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let alpha = origin.address("/alpha.png").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let missing = origin.address("/status/404").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let broken = origin.address("/status/500").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let signed = { (path: String) in signer.sign("/images" + path) }
            return [
                Row(path: signed("/render/thumb?url=\(photo)&w=50&h=40&scale=2"), headers: [("Accept", "image/avif,image/png,*/*")]),
                Row(path: signed("/render/thumb?url=\(photo)&w=30&h=30"), headers: [("Accept", "image/webp,image/*;q=0.8")]),
                Row(path: signed("/render/fit?url=\(alpha)&w=20&h=10")),
                Row(path: signed("/render/thumb?url=\(photo)&w=30&h=30&format=png&q=90"), headers: [("Accept", "image/webp")]),
                // 304s: the ETag of row 0, alone, weak, in a list; a stale one renders again.
                Row(
                    path: signed("/render/thumb?url=\(photo)&w=50&h=40&scale=2"),
                    headers: [("Accept", "image/avif,image/png,*/*"), ("If-None-Match", "$ETAG0")]),
                Row(
                    path: signed("/render/thumb?url=\(photo)&w=50&h=40&scale=2"),
                    headers: [("Accept", "image/avif"), ("Accept", "*/*"), ("If-None-Match", "\"x\", W/$ETAG0")]),
                Row(path: signed("/render/thumb?url=\(photo)&w=50&h=40&scale=2"), headers: [("If-None-Match", "\"stale\"")]),
                // Failures: the placeholder with the origin's meaning, and every 4xx body.
                Row(path: signed("/render/thumb?url=\(missing)&w=20&h=20")),
                Row(path: signed("/render/thumb?url=\(broken)&w=20&h=20")),
                Row(path: signed("/render/nope?url=\(photo)&w=20&h=20")),
                Row(path: signed("/render/thumb?url=\(photo)&w=20&h=5000")),
                Row(path: signed("/render/thumb?w=20&h=20")),
                Row(path: signed("/render/thumb?url=\(photo)&w=20&h=20&format=bmp")),
                Row(path: signed("/render/thumb?url=file%3A%2F%2F%2Fetc%2Fpasswd&w=20&h=20")),
                Row(path: "/images/render/thumb?url=\(photo)&w=20&h=20&sig=AAAA"),
                Row(path: "/images/render/thumb?url=\(photo)&w=20&h=20"),
                Row(path: signed("/info?url=\(photo)")),
                Row(path: signed("/info?url=\(photo)"), headers: [("If-None-Match", "$ETAG16")]),
                Row(path: signed("/info?url=\(photo)&w=3")),
                Row(path: "/images/health"),
                Row(path: "/images/metrics", comparesBody: false)
            ]
        }

        /// The table's replies, in order, through one router.
        static func run(_ rows: [Row], _ send: Send) async throws -> [Observed] {
            var replies: [Observed] = []
            for row in rows {
                let headers = row.headers.map { name, value in
                    var value = value
                    for (index, reply) in replies.enumerated().reversed() {
                        value = value.replacingOccurrences(of: "$ETAG\(index)", with: reply.headers["etag"] ?? "-")
                    }
                    return (name, value)
                }
                replies.append(try await send(row.path, headers))
            }
            return replies
        }

        @Test func vaporAnswersTheTableAsHummingbirdDoes() async throws {
            let origin = try LoopbackServer(png: Fixtures.iconPNG)
            defer { origin.stop() }
            let configuration = ServerConfiguration.table(signingKey: "table-key")
            let rows = Self.rows(origin, signer: RequestSigner(key: "table-key"))
            let hummingbird = try await Routers.hummingbird(configuration) { try await Self.run(rows, $0) }
            let vapor = try await Routers.vapor(configuration) { try await Self.run(rows, $0) }
            try #require(hummingbird.count == rows.count && vapor.count == rows.count)
            for (index, row) in rows.enumerated() {
                var (expected, actual) = (hummingbird[index], vapor[index])
                if !row.comparesBody { (expected.bodyHash, actual.bodyHash) = ("", "") }
                #expect(actual == expected, "row \(index): \(row.path)")
            }
            // The table covers what it claims: images, 304s, the failure placeholders, the refusals.
            #expect(hummingbird.map(\.status) == [200, 200, 200, 200, 304, 304, 200, 404, 502, 404, 400, 400, 400, 403, 403, 403, 200, 304, 400, 200, 200])
            #expect(hummingbird[0].headers["vary"] == "Accept" && hummingbird[3].headers["vary"] == nil)
            #expect(hummingbird[4].body.isEmpty && hummingbird[4].headers["content-type"] == nil)
            #expect(hummingbird[7].headers["x-vignette-error"] != nil && hummingbird[7].headers["cache-control"] == "no-store")
            #expect(vapor[20].body.count > 100)
        }
    }
#endif
