import CCurl
import Foundation

extension CurlTransfer {
    /// Installs libcurl's connect and pre-request hooks when the policy
    /// can refuse anything: every address about to be connected to, and
    /// every hop's URL and connection (reused ones too), are checked.
    func installAddressGuard() -> CURLcode {
        guard !options.addressPolicy.isUnrestricted else { return CURLE_OK }
        let storage = UnsafeMutablePointer<vg_curl_address_guard>.allocate(capacity: 1)
        storage.initialize(
            to: vg_curl_address_guard(
                check: { context, family, bytes, port in
                    guard let context, let bytes else { return 0 }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                    let address = IPAddress(bytes: Array(UnsafeBufferPointer(start: bytes, count: family == AF_INET ? 4 : 16)))
                    return transfer.allowsConnection(to: address, port: Int(port)) ? 1 : 0
                }, context: Unmanaged.passUnretained(self).toOpaque()))
        addressGuard = storage
        return vg_curl_set_address_guard(handle, storage)
    }

    /// The policy's verdict on the current hop (called on the engine
    /// thread from inside libcurl): its host, its scheme, the address.
    private func allowsConnection(to address: IPAddress?, port: Int) -> Bool {
        var effective: UnsafePointer<CChar>?
        _ = vg_curl_get_string(handle, CURLINFO_EFFECTIVE_URL, &effective)
        let hop = effective.flatMap { URL(string: String(cString: $0)) } ?? url
        let policy = options.addressPolicy
        let reason: LoadingError.Refusal?
        if let refused = policy.refusal(forHop: hop, from: url) {
            reason = refused
        } else if let address {
            reason = policy.refusal(connectingTo: address, port: port)
        } else {
            reason = .privateAddress("an address of unknown family")
        }
        guard let reason else { return true }
        if refusal == nil { refusal = (hop, reason) }
        return false
    }
}
