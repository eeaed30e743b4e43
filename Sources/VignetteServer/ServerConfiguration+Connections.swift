extension ServerConfiguration {
    /// The connections the server accepts at most when `maxConnections`
    /// is not set, however high the open-files limit: at about 20 KiB of
    /// buffers each (<doc:Capacity>), 10,000 idle connections hold some
    /// 200 MiB.
    package static let defaultMaxConnections = 10_000

    /// The fewest connections a server starts with: below this the
    /// open-files limit is too low to serve.
    package static let minimumConnections = 16

    /// Descriptors kept free beside the connections for what a request
    /// opens while it runs: three per source load in flight (its socket,
    /// the resolver's socket pair, a disk-cache file) for
    /// `maxConcurrentRequests` loads (at most 64, the pipeline's limit),
    /// 64 for libcurl's pool of reusable connections, and 32 for logs,
    /// the runtime and a burst of accepts. 320 at the defaults.
    public var descriptorReserve: Int { 32 + 64 + 3 * min(64, maxConcurrentRequests) }

    /// The connections to accept at once under an open-files limit of
    /// `limit` with `open` descriptors already open: `maxConnections` when
    /// it fits beside them and the ``descriptorReserve``, else (when not
    /// set) what fits, at most ``defaultMaxConnections``. Throws, naming
    /// `maxConnections` and the limit to raise, when it does not fit or
    /// fewer than ``minimumConnections`` would.
    package func connectionLimit(descriptors limit: Int, open: Int) throws(Error) -> Int {
        let room = limit - open - descriptorReserve
        let fix = "raise the open-files limit (ulimit -n, systemd LimitNOFILE=)"
        if let maxConnections {
            guard maxConnections <= room else {
                throw .invalidValue(
                    key: "maxConnections",
                    reason: "\(maxConnections) connections do not fit in the open-files limit of \(limit) "
                        + "(\(open) open, \(descriptorReserve) kept for sources, cache files and the runtime): "
                        + "\(fix) to \(maxConnections + open + descriptorReserve) or lower maxConnections")
            }
            return maxConnections
        }
        guard room >= Self.minimumConnections else {
            throw .invalidValue(
                key: "maxConnections",
                reason: "the open-files limit of \(limit) leaves room for \(max(0, room)) connections "
                    + "(\(open) open, \(descriptorReserve) kept for sources, cache files and the runtime): "
                    + "\(fix) to at least \(Self.minimumConnections + open + descriptorReserve) or lower maxConcurrentRequests")
        }
        return min(room, Self.defaultMaxConnections)
    }
}
