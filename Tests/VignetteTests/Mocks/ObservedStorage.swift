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
        var watchers: [UInt64: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
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
        for continuation in held { continuation.resume() }
    }

    /// Waits until `count` removals have completed; false when the waiting
    /// task is cancelled first (the suite's time limit), so a removal that
    /// never comes fails, never hangs.
    func removals(reach count: Int) async -> Bool {
        let id = state.withLock { s -> UInt64 in
            s.nextID += 1
            return s.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let done = state.withLock { s -> Bool? in
                    if s.cancelled.remove(id) != nil { return false }
                    guard s.removed.count < count else { return true }
                    s.watchers[id] = (count, continuation)
                    return nil
                }
                if let done { continuation.resume(returning: done) }
            }
        } onCancel: {
            let waiting = state.withLock { s -> CheckedContinuation<Bool, Never>? in
                guard let watcher = s.watchers.removeValue(forKey: id) else {
                    s.cancelled.insert(id)
                    return nil
                }
                return watcher.continuation
            }
            waiting?.resume(returning: false)
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
            let ready = state.withLock { s -> [CheckedContinuation<Bool, Never>] in
                s.removed.append(key)
                let count = s.removed.count
                let reached = s.watchers.filter { $0.value.count <= count }
                for id in reached.keys { s.watchers[id] = nil }
                return reached.values.map(\.continuation)
            }
            for continuation in ready { continuation.resume(returning: true) }
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
