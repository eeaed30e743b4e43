import Dispatch
import Foundation
import Vignette

/// The two sides of a comparison, read and then decoded: decoding dominates,
/// so the sides decode in parallel when asked, and only once when the files
/// hold the same bytes (an unchanged snapshot, the common case). A missing
/// side (nil) stays nil; a side that cannot be read keeps its own error.
enum ComparePairLoading {
    static func load<Decoded: Sendable, Failure: Error>(
        _ reads: [(@Sendable () -> Result<Data, Failure>)?], parallel: Bool,
        decode: @escaping @Sendable (Data) -> Result<Decoded, Failure>
    ) -> [Result<Decoded, Failure>?] {
        let bytes = run(reads, parallel: parallel)
        if bytes.count == 2, case .success(let first)? = bytes[0], case .success(let second)? = bytes[1], first == second {
            let once = decode(first)
            return [once, once]
        }
        return run(bytes.map { side in side.map { side in { @Sendable in side.flatMap(decode) } } }, parallel: parallel)
    }

    /// Each present job's result, the jobs side by side when `parallel`.
    private static func run<Value: Sendable>(_ jobs: [(@Sendable () -> Value)?], parallel: Bool) -> [Value?] {
        guard parallel, jobs.count > 1 else { return jobs.map { $0?() } }
        let results = Locked([Value?](repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            guard let job = jobs[index] else { return }
            let value = job()
            results.withLock { $0[index] = value }
        }
        return results.withLock { $0 }
    }
}
