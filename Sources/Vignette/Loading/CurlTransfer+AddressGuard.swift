import CCurl
import Foundation

extension CurlTransfer {
    /// Installs libcurl's connect and pre-request hooks. When the policy
    /// can refuse anything, or a sensitive field must not follow a redirect
    /// to another origin, every address about to be connected to, and every
    /// hop's URL and connection (reused ones too), are checked; either way
    /// a socket that cannot be opened leaves its errno (`socket_errno`), so
    /// a connect that failed for want of a descriptor says so.
    func installAddressGuard() -> CURLcode {
        let checks = !options.addressPolicy.isUnrestricted || carriesUnstrippedCredentials
        let storage = UnsafeMutablePointer<vg_curl_address_guard>.allocate(capacity: 1)
        storage.initialize(
            to: vg_curl_address_guard(
                check: checks
                    ? { context, family, bytes, port in
                        guard let context, let bytes else { return 0 }
                        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                        let address = IPAddress(bytes: Array(UnsafeBufferPointer(start: bytes, count: family == AF_INET ? 4 : 16)))
                        return transfer.allowsConnection(to: address, port: Int(port)) ? 1 : 0
                    } : nil,
                context: Unmanaged.passUnretained(self).toOpaque(), socket_errno: 0))
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
        let reason: ImageRequest.TransferError.Refusal?
        if carriesUnstrippedCredentials, !Self.sameOrigin(hop, url) {
            reason = .credentialsToAnotherOrigin
        } else if let refused = policy.refusal(forHop: hop, from: url) {
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

    /// libcurl drops `Authorization` and `Cookie` on a redirect to another
    /// host, port or scheme, but sends every other field to every hop: a
    /// request with another sensitive field may not leave its origin.
    var carriesUnstrippedCredentials: Bool {
        extraHeaders.fields.contains { $0.isSensitive && !["authorization", "cookie"].contains($0.name.lowercased()) }
    }

    /// Same scheme, host and port (the default port of the scheme when none is given).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int) {
            let scheme = url.scheme?.lowercased() ?? ""
            return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : 80))
        }
        return origin(a) == origin(b)
    }
}
