/// Matching the sheet's rules against the tree, right to left from each
/// element, and placing their declarations.
extension SVGStyleSheet {
    /// An element where it stands: the siblings before it, and whether one follows.
    struct Position {
        var element: SVGElement
        var before: ArraySlice<SVGElement>
        var isLast: Bool
    }

    /// Counts compound tests against a budget: descendant and sibling
    /// combinators backtrack, so a hostile sheet could ask for
    /// exponentially many.
    struct Work {
        var steps = 0
        let budget: Int

        mutating func step() throws(SVGDocument.Error) {
            steps += 1
            guard steps <= budget else { throw .limitExceeded(limit: "maxCoverageWork", value: steps) }
        }
    }

    /// The tree with each element's matching declarations placed before
    /// its `style` attribute; every compound test counts as one unit of
    /// `maxCoverageWork`.
    func resolve(_ root: SVGElement, budget: Int) throws(SVGDocument.Error) -> SVGElement {
        guard !rules.isEmpty else { return root }
        var work = Work(budget: budget)
        return try resolve(Position(element: root, before: [], isLast: true), ancestors: [], work: &work)
    }

    private func resolve(_ position: Position, ancestors: [Position], work: inout Work) throws(SVGDocument.Error) -> SVGElement {
        let element = position.element
        var result = element
        var matched: [Rule] = []
        for rule in rules where try Self.matches(rule.chain[...], position, ancestors[...], &work) { matched.append(rule) }
        if !matched.isEmpty {
            matched.sort { ($0.specificity, $0.order) < ($1.specificity, $1.order) }
            // `!important` sheet declarations come after the element's own `style`, so they win.
            let all = matched.map(\.declarations).joined(separator: ";")
            let important = all.split(separator: ";").filter { $0.contains("!important") }.joined(separator: ";")
            result.attributes["style"] = all + ";" + (element.attributes["style"] ?? "") + ";" + important
        }
        let path = ancestors + [position]
        let children = element.children
        var resolved: [SVGElement] = []
        resolved.reserveCapacity(children.count)
        for index in children.indices {
            let child = Position(element: children[index], before: children[..<index], isLast: index == children.count - 1)
            resolved.append(try resolve(child, ancestors: path, work: &work))
        }
        result.children = resolved
        return result
    }

    /// Whether `chain` (its subject first) matches the element at
    /// `position`, whose ancestors are `ancestors` (the nearest last).
    static func matches(
        _ chain: ArraySlice<(compound: Compound, combinator: Combinator)>, _ position: Position,
        _ ancestors: ArraySlice<Position>, _ work: inout Work
    ) throws(SVGDocument.Error) -> Bool {
        try work.step()
        guard let first = chain.first, matches(first.compound, position) else { return false }
        let rest = chain.dropFirst()
        guard !rest.isEmpty else { return true }
        switch first.combinator {
        case .child:
            guard let parent = ancestors.last else { return false }
            return try matches(rest, parent, ancestors.dropLast(), &work)
        case .descendant:
            var above = ancestors
            while let candidate = above.popLast() {
                if try matches(rest, candidate, above, &work) { return true }
            }
            return false
        case .adjacent:
            guard let previous = position.before.last else { return false }
            return try matches(rest, Position(element: previous, before: position.before.dropLast(), isLast: false), ancestors, &work)
        case .sibling:
            var before = position.before
            while let previous = before.popLast() {
                if try matches(rest, Position(element: previous, before: before, isLast: false), ancestors, &work) { return true }
            }
            return false
        }
    }

    static func matches(_ compound: Compound, _ position: Position) -> Bool {
        let element = position.element
        if let type = compound.type, type != element.name { return false }
        if let id = compound.id, id != element["id"] { return false }
        for pseudo in compound.pseudoClasses {
            let first = position.before.isEmpty
            if pseudo == "first-child" && !first || pseudo == "last-child" && !position.isLast { return false }
            if pseudo == "only-child" && !(first && position.isLast) { return false }
        }
        for test in compound.attributes {
            guard let value = element.attributes[test.name == "xlink:href" ? "href" : test.name] else { return false }
            if let expected = test.value, !test.holds(for: value, expected: expected) { return false }
        }
        if !compound.classes.isEmpty {
            let classes = Self.words(element["class"] ?? "")
            return compound.classes.allSatisfy(classes.contains)
        }
        return true
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }
}

extension SVGStyleSheet.AttributeTest {
    /// Whether an attribute's `value` passes this test against `expected`.
    func holds(for value: String, expected: String) -> Bool {
        switch operation {
        case "~=": return SVGStyleSheet.words(value).contains(expected)
        case "|=": return value == expected || value.hasPrefix(expected + "-")
        case "^=": return !expected.isEmpty && value.hasPrefix(expected)
        case "$=": return !expected.isEmpty && value.hasSuffix(expected)
        case "*=": return !expected.isEmpty && value.contains(expected)
        default: return value == expected
        }
    }
}
