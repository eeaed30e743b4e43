import Foundation
import Synchronization

/// The review in progress: what the last run left, and what was decided
/// for each snapshot since the page opened.
package final class ReviewSession: Sendable {
    /// One snapshot as the page lists it.
    struct Item: Encodable {
        var path: String
        var kind: String
        var figures: SnapshotFigures?
        var hasDiff: Bool
        var hasReference: Bool
        /// `accepted`, `rejected`, … once decided; the page reloads the reference then.
        var decision: String?
    }

    struct Listing: Encodable {
        var snapshots: String
        var artifacts: String
        var items: [Item]
        var obsoleteUndecided: String?
        var ci: Bool
    }

    struct Outcome: Encodable {
        var path: String
        var decision: String?
        /// What happened on disk: `accepted`, `kept`, `deleted` or `left`.
        var effect: String?
        var error: String?
    }

    package let review: SnapshotReview
    private let decisions = Mutex<[String: String]>([:])

    package init(review: SnapshotReview) { self.review = review }

    /// What was decided for `path`, if anything.
    package func decision(_ path: String) -> String? { decisions.withLock { $0[path] } }

    func listing() -> HTTPResponse {
        let decided = decisions.withLock { $0 }
        let items = review.entries.map { entry in
            Item(
                path: entry.path, kind: entry.kind.rawValue, figures: entry.figures, hasDiff: entry.hasDiff,
                hasReference: review.file("reference", of: entry.path).map { FileManager.default.fileExists(atPath: $0) } ?? false,
                decision: decided[entry.path])
        }
        return .json(
            Listing(
                snapshots: review.folders.snapshots, artifacts: review.folders.artifacts, items: items,
                obsoleteUndecided: review.obsoleteUndecided, ci: SnapshotRunFormat.isCI(review.environment)))
    }

    func image(_ kind: String, of path: String) -> HTTPResponse {
        guard review.entry(path) != nil, let file = review.file(kind, of: path) else { return .text(404, "not a snapshot under review") }
        do {
            return HTTPResponse(status: 200, type: "image/png", body: try SnapshotFiles.read(file))
        } catch {
            return .text(404, error.description)
        }
    }

    /// `POST /api/accept|reject?path=…` and `/api/accept-all` (every changed, new and recorded snapshot: never a deletion).
    func act(_ action: String, on path: String?) -> HTTPResponse {
        switch action {
        case "/api/accept-all":
            let outcomes = review.entries.filter { $0.kind != .obsolete }.map { decide($0.path, accept: true) }
            return .json(outcomes, status: outcomes.contains { $0.error != nil } ? 409 : 200)
        case "/api/accept", "/api/reject":
            guard let path else { return .text(400, "which snapshot? give ?path=") }
            let outcome = decide(path, accept: action == "/api/accept")
            return .json(outcome, status: outcome.error == nil ? 200 : 409)
        default:
            return .text(404, "not found")
        }
    }

    /// Accepts or rejects one snapshot; a repeated decision is done again (idempotent on disk).
    func decide(_ path: String, accept: Bool) -> Outcome {
        do {
            let effect = accept ? try review.accept(path) : try review.reject(path)
            let decision = accept ? "accepted" : "rejected"
            decisions.withLock { $0[path] = decision }
            return Outcome(path: path, decision: decision, effect: effect)
        } catch {
            return Outcome(path: path, decision: nil, effect: nil, error: error.description)
        }
    }
}
