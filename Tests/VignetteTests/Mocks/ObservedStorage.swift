import Foundation
@testable import Vignette

/// A `DiskCacheStorage` over another that lets a test await the removals
/// the pipeline starts in the background, and hold them until it says.
final class ObservedStorage: DiskCacheStorage {
    let base: any DiskCacheStorage

    private struct State {
        var removed: [String] = []
        var holding = false
        var held: [CheckedContinuation<Void, Never>] = []
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    init(_ base: any DiskCacheStorage) { self.base = base }

    /// Keys removed so far, in order.
    var removedKeys: [String] { state.withLock { $0.removed } }

    /// From now on, removals wait until `releaseRemovals()`.
    func holdRemovals() { state.withLock { $0.holding = true } }

    /// Lets held removals (and later ones) go on.
    func releaseRemovals() {
        let held = state.withLock { s in
            s.holding = false
            defer { s.held = [] }
            return s.held
        }
        held.forEach { $0.resume() }
    }

    /// Returns once `count` removals have completed. (A removal that never
    /// comes fails the test by its time limit.)
    func removals(reach count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { s -> Bool in
                guard s.removed.count < count else { return true }
                s.watchers.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    var engineName: String { base.engineName }
    var directory: String { base.directory }

    func removeEntry(for key: String) async throws(DiskCache.Error) {
        await withCheckedContinuation { continuation in
            let hold = state.withLock { s -> Bool in
                if s.holding { s.held.append(continuation) }
                return s.holding
            }
            if !hold { continuation.resume() }
        }
        defer {
            let ready = state.withLock { s -> [CheckedContinuation<Void, Never>] in
                s.removed.append(key)
                let count = s.removed.count
                defer { s.watchers.removeAll { $0.count <= count } }
                return s.watchers.filter { $0.count <= count }.map(\.continuation)
            }
            ready.forEach { $0.resume() }
        }
        try await base.removeEntry(for: key)
    }

    func entry(for key: String) async throws(DiskCache.Error) -> DiskCacheEntry? { try await base.entry(for: key) }
    func store(_ entry: DiskCacheEntry) async throws(DiskCache.Error) { try await base.store(entry) }
    func removeAll() async throws(DiskCache.Error) { try await base.removeAll() }
    func totalSize() async throws(DiskCache.Error) -> Int { try await base.totalSize() }
    func count() async throws(DiskCache.Error) -> Int { try await base.count() }
    func sweep(toFit targetBytes: Int) async throws(DiskCache.Error) -> DiskCache.SweepReport {
        try await base.sweep(toFit: targetBytes)
    }
    func synchronize() async throws(DiskCache.Error) { try await base.synchronize() }
}
