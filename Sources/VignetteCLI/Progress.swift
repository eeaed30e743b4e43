import Foundation
import Vignette

/// A one-line progress bar on a terminal; silent when stderr is redirected.
final class Progress: Sendable {
    private let done = Locked(0)
    private let isTerminal = isatty(STDERR_FILENO) != 0

    func advance(_ label: String, of total: Int) {
        // Count and draw under one lock so concurrent workers never print out of order.
        done.withLock { count in
            count += 1
            guard isTerminal else { return }
            let width = 30
            let filled = count * width / max(total, 1)
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            FileHandle.standardError.write(Data("\r\u{1B}[K[\(bar)] \(count)/\(total) \(label)".utf8))
        }
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
