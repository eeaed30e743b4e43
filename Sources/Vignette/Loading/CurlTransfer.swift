import CCurl
import Foundation

/// One HTTP(S) transfer: its easy handle, the body and headers as they
/// stream in, and the continuation that receives the outcome exactly once.
final class CurlTransfer: @unchecked Sendable {
    // Mutated only on the engine thread (curl callbacks and completion).
    let handle: UnsafeMutableRawPointer
    let url: URL
    let options: LoadingOptions
    let validators: CacheValidators
    /// The caller's headers (credentials included: never logged).
    let extraHeaders: RequestHeaders
    private var requestHeaders: UnsafeMutablePointer<curl_slist>?
    private var body = Data()
    private var headers: [String: String] = [:]
    private var exceededLimit = false
    /// Set by the address guard when the policy refused a hop (engine thread).
    var refusal: (url: URL, reason: ImageRequest.TransferError.Refusal)?
    /// The context libcurl's connect and pre-request hooks call back with.
    var addressGuard: UnsafeMutablePointer<vg_curl_address_guard>?
    /// Tells the two timeouts apart when libcurl reports one.
    private let started = ContinuousClock.now
    private let continuation = Locked<CheckedContinuation<Result<LoadedData, ImageRequest.TransferError>, Never>?>(nil)

    init?(request: DataRequest, options: LoadingOptions) {
        guard let handle = vg_curl_easy_init() else { return nil }
        self.handle = handle
        url = request.url
        self.options = options
        validators = request.validators
        extraHeaders = request.headers
    }

    deinit {
        vg_curl_easy_cleanup(handle)
        vg_curl_slist_free_all(requestHeaders)
        addressGuard?.deallocate()
    }

    /// True until the outcome has been delivered (or the load cancelled).
    var isPending: Bool { continuation.withLock { $0 != nil } }

    func attach(_ continuation: CheckedContinuation<Result<LoadedData, ImageRequest.TransferError>, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    /// Sets every option; false if libcurl refused one.
    func configure() -> Bool {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let codes = [
            vg_curl_set_string(handle, CURLOPT_URL, url.absoluteString),
            vg_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            vg_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1),
            vg_curl_set_long(handle, CURLOPT_MAXREDIRS, options.maxRedirects),
            // Only http(s), for the first request and every redirect: never file: or others.
            vg_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            vg_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            vg_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeoutMilliseconds),
            vg_curl_set_long(handle, CURLOPT_TIMEOUT_MS, options.timeoutMilliseconds),
            vg_curl_set_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxResponseBytes)),
            vg_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "gzip, deflate"),
            vg_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, options.verifiesTLS ? 1 : 0),
            vg_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, options.verifiesTLS ? 2 : 0),
            vg_curl_set_string(handle, CURLOPT_USERAGENT, options.userAgent),
            setRequestHeaders(),
            installAddressGuard(),
            vg_curl_set_write_callback(
                handle,
                { data, size, count, context in
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
                    return transfer.receiveBody(data, size * count)
                }, context),
            vg_curl_set_header_callback(
                handle,
                { data, size, count, context in
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
                    return transfer.receiveHeader(data, size * count)
                }, context)
        ]
        return codes.allSatisfy { $0 == CURLE_OK }
    }

    private func setRequestHeaders() -> CURLcode {
        // Header values come from a server's earlier response: drop anything
        // that could split the request line.
        func clean(_ value: String) -> String { value.filter { $0 != "\r" && $0 != "\n" } }
        var lines: [String] = []
        if !options.accept.isEmpty, extraHeaders["Accept"] == nil { lines.append("Accept: " + clean(options.accept)) }
        // Checked when set (no CR, LF or control characters): cleaning is a second line of defence.
        for field in extraHeaders.fields { lines.append(field.name + ": " + clean(field.value)) }
        if let etag = validators.etag { lines.append("If-None-Match: " + clean(etag)) }
        if let date = validators.lastModified { lines.append("If-Modified-Since: " + clean(date)) }
        guard !lines.isEmpty else { return CURLE_OK }
        for line in lines { requestHeaders = vg_curl_slist_append(requestHeaders, line) }
        return vg_curl_set_slist(handle, CURLOPT_HTTPHEADER, requestHeaders)
    }

    private func receiveBody(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let bytes else { return 0 }
        // Enforced while streaming: a body without Content-Length, or one
        // that lies about it, stops at the limit.
        if body.count + count > options.maxResponseBytes {
            exceededLimit = true
            return 0
        }
        body.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    private func receiveHeader(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let bytes else { return 0 }
        Self.receiveHeaderLine(UnsafeRawBufferPointer(start: bytes, count: count), into: &headers)
        return count
    }

    /// Adds one raw header line as libcurl delivers it (CRLF included) to
    /// `headers`, names lowercased; a status line starts a new response.
    static func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer, into headers: inout [String: String]) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers = [:]  // a new response (after a redirect or 100-continue)
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            // Repeated fields are one list (RFC 9110 §5.3): "max-age=60" then
            // "no-store" must not lose either.
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
    }

    /// Called on the engine thread when libcurl reports the transfer done.
    func complete(_ code: CURLcode) {
        resume(with: outcome(code))
    }

    /// Delivers the outcome once; later calls are ignored.
    func resume(with result: Result<LoadedData, ImageRequest.TransferError>) {
        let waiting = continuation.withLock { value -> CheckedContinuation<Result<LoadedData, ImageRequest.TransferError>, Never>? in
            defer { value = nil }
            return value
        }
        waiting?.resume(returning: result)
    }

    private func outcome(_ code: CURLcode) -> Result<LoadedData, ImageRequest.TransferError> {
        var status = 0
        _ = vg_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var effective: UnsafePointer<CChar>?
        _ = vg_curl_get_string(handle, CURLINFO_EFFECTIVE_URL, &effective)
        let finalURL = effective.flatMap { URL(string: String(cString: $0)) } ?? url
        if code != CURLE_OK, let refusal { return .failure(.refused(refusal.url, reason: refusal.reason)) }
        switch code {
        case CURLE_OK where status == 304 && !validators.isEmpty:
            return .success(LoadedData(data: Data(), url: finalURL, statusCode: status, headers: headers))
        case CURLE_OK:
            guard (200..<300).contains(status) else {
                return .failure(.httpStatus(finalURL, status: status, retryAfter: Self.retryAfter(headers["retry-after"])))
            }
            return .success(LoadedData(data: body, url: finalURL, statusCode: status, headers: headers))
        case CURLE_WRITE_ERROR where exceededLimit, CURLE_FILESIZE_EXCEEDED:
            return .failure(.tooLarge(url, limit: options.maxResponseBytes))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(.timedOut(url, limit: Self.timeout(after: ContinuousClock.now - started, options: options)))
        case CURLE_TOO_MANY_REDIRECTS:
            return .failure(.tooManyRedirects(url, limit: options.maxRedirects))
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .failure(.disallowedScheme(finalURL, scheme: finalURL.scheme ?? "unknown"))
        case CURLE_COULDNT_CONNECT where [EMFILE, ENFILE].contains(addressGuard?.pointee.socket_errno ?? 0):
            return .failure(.connectionFailed(url, cause: .outOfDescriptors))
        default:
            return .failure(Self.failure(code, url: url))
        }
    }

    /// The transport failures that say nothing about the response.
    static func failure(_ code: CURLcode, url: URL) -> ImageRequest.TransferError {
        switch code {
        // libcurl reports a socket (or its resolver's socketpair) that could not be opened as a failed
        // connect or lookup, without errno. The socket's own errno is kept by the open-socket hook (above);
        // a lookup's socketpair has none: a descriptor that cannot be opened now says why.
        case CURLE_COULDNT_CONNECT where descriptorsExhausted(), CURLE_COULDNT_RESOLVE_HOST where descriptorsExhausted():
            .connectionFailed(url, cause: .outOfDescriptors)
        case CURLE_COULDNT_RESOLVE_HOST: .connectionFailed(url, cause: .hostNotFound)
        case CURLE_COULDNT_RESOLVE_PROXY: .connectionFailed(url, cause: .proxyNotFound)
        case CURLE_COULDNT_CONNECT: .connectionFailed(url, cause: .couldNotConnect)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR: .connectionFailed(url, cause: .lost)
        case CURLE_GOT_NOTHING: .connectionFailed(url, cause: .emptyReply)
        case CURLE_PARTIAL_FILE: .connectionFailed(url, cause: .truncatedBody)
        case CURLE_PEER_FAILED_VERIFICATION: .tlsFailure(url, cause: .untrustedCertificate)
        case CURLE_SSL_CONNECT_ERROR: .tlsFailure(url, cause: .handshakeFailed)
        case CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE: .tlsFailure(url, cause: .localConfiguration)
        default: .transferFailed(url, reason: "libcurl error \(code.rawValue): " + String(cString: vg_curl_easy_strerror(code)))
        }
    }

    /// Whether the process is out of file descriptors (`EMFILE`) or the
    /// system is (`ENFILE`) at this moment.
    static func descriptorsExhausted() -> Bool { OpenFiles.exhausted(needing: 1) != nil }

    /// Which limit fired when libcurl timed out after `elapsed`: its two
    /// timers share one result code, but only the connect timeout can fire
    /// before the whole-load one has run out.
    static func timeout(after elapsed: Duration, options: LoadingOptions) -> ImageRequest.TransferError.Timeout {
        options.connectTimeout < options.timeout && elapsed < options.timeout
            ? .connect(options.connectTimeout) : .load(options.timeout)
    }

    /// `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP date in
    /// any of its three forms; a date in the past means no wait, and
    /// anything else is ignored (nil).
    static func retryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            // More digits than an Int holds is still "a very long time".
            return .seconds(Int(value) ?? .max)
        }
        guard let date = HTTPDate(value, relativeTo: now)?.date else { return nil }
        return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
    }
}
