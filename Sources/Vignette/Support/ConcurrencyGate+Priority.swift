extension ConcurrencyGate {
    /// A waiter's priority, which may rise while it waits (a visible
    /// request joining a queued prefetch). A shared job follows the
    /// priorities of everyone waiting for it: its current priority is the
    /// highest of its own and theirs, so a raise anywhere downstream (a
    /// visible decode joining a queued prefetch) reaches the transfer.
    package final class Priority: Sendable {
        private struct Links {
            var own: ImagePriority
            var followed: [Priority] = []
        }
        private let links: Locked<Links>

        /// A priority that starts at `priority`.
        package init(_ priority: ImagePriority) { links = Locked(Links(own: priority)) }

        /// The highest of its own and those it follows.
        package var current: ImagePriority {
            let (own, followed) = links.withLock { ($0.own, $0.followed) }
            return followed.reduce(own) { max($0, $1.current) }
        }

        /// Raises its own priority (never lowers it).
        package func raise(to priority: ImagePriority) { links.withLock { $0.own = max($0.own, priority) } }

        /// From now on, at least as urgent as `other`.
        package func follow(_ other: Priority) { links.withLock { $0.followed.append(other) } }

        /// No longer follows `other` (a waiter that left takes its raise with it).
        package func unfollow(_ other: Priority) {
            links.withLock { links in
                if let index = links.followed.firstIndex(where: { $0 === other }) { links.followed.remove(at: index) }
            }
        }
    }
}
