/// Strict least-recently-used storage by cost: a dictionary onto a doubly
/// linked list threaded through an array (no per-entry allocations).
/// Not thread-safe; `MemoryCache` wraps it in a lock.
struct LRUStore<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var previous: Int
        var next: Int
    }

    private var nodes: [Node] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var head = -1  // most recent
    private var tail = -1  // least recent
    private(set) var totalCost = 0

    var count: Int { index.count }

    /// The value, marking it most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToFront(slot)
        return nodes[slot].value
    }

    func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Inserts or replaces, then evicts least-recently-used entries until
    /// `totalCost <= limit`. Returns the evicted keys.
    @discardableResult
    mutating func set(_ value: Value, for key: Key, cost: Int, limit: Int) -> [Key] {
        if let slot = index[key] {
            totalCost += cost - nodes[slot].cost
            nodes[slot].value = value
            nodes[slot].cost = cost
            moveToFront(slot)
        } else {
            let node = Node(key: key, value: value, cost: cost, previous: -1, next: head)
            let slot: Int
            if let reused = free.popLast() {
                nodes[reused] = node
                slot = reused
            } else {
                nodes.append(node)
                slot = nodes.count - 1
            }
            if head >= 0 { nodes[head].previous = slot }
            head = slot
            if tail < 0 { tail = slot }
            index[key] = slot
            totalCost += cost
        }
        var evicted: [Key] = []
        while totalCost > limit, tail >= 0 {
            evicted.append(nodes[tail].key)
            remove(slot: tail)
        }
        return evicted
    }

    @discardableResult
    mutating func removeValue(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        let value = nodes[slot].value
        remove(slot: slot)
        return value
    }

    mutating func removeAll() {
        self = LRUStore()
    }

    /// Keys from most to least recently used.
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = head
        while slot >= 0 {
            keys.append(nodes[slot].key)
            slot = nodes[slot].next
        }
        return keys
    }

    private mutating func unlink(_ slot: Int) {
        let previous = nodes[slot].previous
        let next = nodes[slot].next
        if previous >= 0 { nodes[previous].next = next } else { head = next }
        if next >= 0 { nodes[next].previous = previous } else { tail = previous }
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != head else { return }
        unlink(slot)
        nodes[slot].previous = -1
        nodes[slot].next = head
        if head >= 0 { nodes[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
    }

    private mutating func remove(slot: Int) {
        unlink(slot)
        index[nodes[slot].key] = nil
        totalCost -= nodes[slot].cost
        free.append(slot)
    }
}
