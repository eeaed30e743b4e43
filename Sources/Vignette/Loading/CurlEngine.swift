import CCurl
import Foundation

/// Drives every libcurl transfer of the process on one dedicated thread
/// (curl's multi interface), so no network wait ever blocks Swift's
/// cooperative pool. Connections are reused across transfers.
final class CurlEngine: @unchecked Sendable {
    static let shared = CurlEngine()

    private enum Command {
        case start(CurlTransfer)
        case cancel(CurlTransfer)
    }

    private let multi: UnsafeMutableRawPointer
    private let commands = Locked<[Command]>([])
    // Confined to the engine thread.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    private init() {
        _ = vg_curl_global_init()
        multi = vg_curl_multi_init()
        _ = vg_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, 64)
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "vignette.curl"
        thread.start()
    }

    func start(_ transfer: CurlTransfer) { send(.start(transfer)) }
    func cancel(_ transfer: CurlTransfer) { send(.cancel(transfer)) }

    private func send(_ command: Command) {
        commands.withLock { $0.append(command) }
        vg_curl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            for command in commands.withLock({ pending in
                defer { pending.removeAll() }
                return pending
            }) {
                switch command {
                case .start(let transfer):
                    guard transfer.isPending else { continue }  // cancelled before it started
                    active[transfer.handle] = transfer
                    vg_curl_multi_add_handle(multi, transfer.handle)
                case .cancel(let transfer):
                    // Removing the handle aborts the transfer and closes its connection.
                    if active.removeValue(forKey: transfer.handle) != nil {
                        vg_curl_multi_remove_handle(multi, transfer.handle)
                    }
                    transfer.resume(with: .failure(.cancelled(transfer.url)))
                }
            }
            var running: Int32 = 0
            vg_curl_multi_perform(multi, &running)
            var handle: UnsafeMutableRawPointer?
            var result = CURLE_OK
            while vg_curl_multi_next_done(multi, &handle, &result) != 0 {
                guard let handle, let transfer = active.removeValue(forKey: handle) else { continue }
                vg_curl_multi_remove_handle(multi, handle)
                transfer.complete(result)
            }
            vg_curl_multi_poll(multi, 1000)
        }
    }
}
