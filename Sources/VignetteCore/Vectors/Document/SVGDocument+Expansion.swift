/// How many elements drawing the document could take once every `use` is
/// expanded, counted before anything is drawn: a `use` bomb (each level
/// using the one below ten times) is refused at once, not after drawing
/// `maxRenderedElements` elements.
extension SVGDocument {
    /// Counts with each `use` target's count remembered, so the work is
    /// linear in the file; stops past `limit` (returning `limit + 1`).
    struct Expansion {
        let ids: [String: SVGElement]
        let limit: Int
        let maxDepth: Int
        var counts: [String: Int] = [:]
        var visiting: [String] = []

        /// The elements `element` draws: itself, its children (those not
        /// drawn where they stand count nothing there) and each `use` target.
        mutating func count(_ element: SVGElement, inPlace: Bool = true) -> Int {
            if inPlace && (SVGRenderer.hidden.contains(element.name) || element.name.hasPrefix("foreign:")) { return 0 }
            var total = 1
            for child in element.children {
                total += count(child)
                if total > limit { return limit + 1 }
            }
            if element.name == "use", let href = element["href"], href.hasPrefix("#") {
                total += target(String(href.dropFirst()))
            }
            return min(total, limit + 1)
        }

        private mutating func target(_ id: String) -> Int {
            if let known = counts[id] { return known }
            // A cycle draws nothing; a chain deeper than `maxDepth` is refused when drawn.
            guard let element = ids[id], !visiting.contains(id), visiting.count < maxDepth else { return 0 }
            visiting.append(id)
            let total = count(element, inPlace: false)
            visiting.removeLast()
            counts[id] = total
            return total
        }
    }

    /// Refuses a document whose `use` expansion alone exceeds `maxRenderedElements`.
    static func checkExpansion(_ root: SVGElement, ids: [String: SVGElement], limits: Limits) throws(Error) {
        var hasUse = false
        root.forEachDescendant { element in
            if element.name == "use" { hasUse = true }
        }
        guard hasUse else { return }
        var expansion = Expansion(ids: ids, limit: limits.maxRenderedElements, maxDepth: limits.maxDepth)
        let total = expansion.count(root)
        guard total <= limits.maxRenderedElements else { throw .limitExceeded(limit: "maxRenderedElements", value: total) }
    }
}
