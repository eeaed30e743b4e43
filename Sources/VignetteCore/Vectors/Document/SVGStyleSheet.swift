/// The rules of `<style>` elements, simple selectors only (type, `*`,
/// `.class`, `#id`, `[attribute]`, `[attribute=value]`, compounds of those,
/// descendant and child combinators),
/// resolved into the tree once: each element's matching declarations are
/// put before its own `style` attribute, so the cascade is presentation
/// attribute < sheet (by specificity, then order) < `style`. At-rules
/// (`@import` included: nothing is ever fetched) and other selectors are skipped.
struct SVGStyleSheet {
    struct Compound: Hashable {
        var type: String?
        var id: String?
        var classes: [String] = []
        var attributes: [AttributeTest] = []
    }

    /// `[name]` (present) or `[name=value]` (exactly equal).
    struct AttributeTest: Hashable {
        var name: String
        var value: String?
    }

    struct Rule {
        /// Compounds from the subject leftwards, each with whether it must be the direct parent (`>`).
        var chain: [(compound: Compound, child: Bool)]
        var declarations: String
        var specificity: Int
        var order: Int
    }

    var rules: [Rule] = []

    init(_ css: String) {
        var text = css
        while let open = text.range(of: "/*") {
            guard let close = text.range(of: "*/", range: open.upperBound..<text.endIndex) else {
                text = String(text[..<open.lowerBound])
                break
            }
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        for block in text.split(separator: "}") {
            let parts = block.split(separator: "{", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let selectors = parts[0].trimmingXMLSpace()
            guard !selectors.hasPrefix("@") else { continue }
            for selector in selectors.split(separator: ",") {
                guard let (chain, specificity) = Self.parse(selector.trimmingXMLSpace()) else { continue }
                rules.append(Rule(chain: chain, declarations: String(parts[1]), specificity: specificity, order: rules.count))
            }
        }
    }

    private static func parse(_ selector: String) -> ([(compound: Compound, child: Bool)], Int)? {
        guard let tokens = tokens(selector) else { return nil }
        var chain: [(compound: Compound, child: Bool)] = []
        var specificity = 0
        var child = false
        for token in tokens.reversed() {
            if token == ">" {
                guard !chain.isEmpty, !child else { return nil }
                child = true
                continue
            }
            guard let compound = compound(token) else { return nil }
            if !chain.isEmpty { chain[chain.count - 1].child = child }
            child = false
            chain.append((compound, false))
            specificity += (compound.id == nil ? 0 : 10_000) + (compound.classes.count + compound.attributes.count) * 100
            specificity += compound.type == nil ? 0 : 1
        }
        return chain.isEmpty || child ? nil : (chain, specificity)
    }

    /// The selector's compounds and `>` combinators; white space inside `[…]` and quotes is kept.
    private static func tokens(_ selector: String) -> [String]? {
        var tokens: [String] = []
        var current = ""
        var quote: Character?
        var inBrackets = false
        for character in selector {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
            } else if inBrackets {
                if character == "\"" || character == "'" { quote = character }
                if character == "]" { inBrackets = false }
                current.append(character)
            } else if character == ">" || character.isWhitespace {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                if character == ">" { tokens.append(">") }
            } else {
                if character == "[" { inBrackets = true }
                current.append(character)
            }
        }
        guard quote == nil, !inBrackets else { return nil }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    private static func compound(_ token: String) -> Compound? {
        func isName(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "-" || c == "_" }
        var compound = Compound()
        var rest = Substring(token)
        let head = rest.prefix { isName($0) || $0 == "*" }
        guard head == "*" || !head.contains("*") else { return nil }
        if !head.isEmpty && head != "*" { compound.type = String(head) }
        rest = rest.dropFirst(head.count)
        while let first = rest.first {
            switch first {
            case "#", ".":
                let name = rest.dropFirst().prefix(while: isName)
                guard !name.isEmpty else { return nil }
                if first == "#" { compound.id = String(name) } else { compound.classes.append(String(name)) }
                rest = rest.dropFirst(1 + name.count)
            case "[":
                var quote: Character?
                guard
                    let close = rest.indices.first(where: { index in
                        let c = rest[index]
                        if let open = quote { quote = c == open ? nil : open } else if c == "\"" || c == "'" { quote = c }
                        return quote == nil && c == "]"
                    }), let test = attributeTest(String(rest[rest.index(after: rest.startIndex)..<close]))
                else { return nil }
                compound.attributes.append(test)
                rest = rest[rest.index(after: close)...]
            default:
                return nil  // Pseudo-classes, pseudo-elements, other combinators: not supported.
            }
        }
        return compound
    }

    /// `name` or `name=value` (the value bare or quoted); other operators are not supported.
    private static func attributeTest(_ text: String) -> AttributeTest? {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingXMLSpace() }
        let name = parts[0]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" }) else { return nil }
        guard parts.count == 2 else { return AttributeTest(name: name, value: nil) }
        var value = parts[1]
        if let first = value.first, first == "\"" || first == "'" {
            guard value.count >= 2, value.last == first else { return nil }
            value = String(value.dropFirst().dropLast())
        } else if value.isEmpty || !value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            return nil
        }
        return AttributeTest(name: name, value: value)
    }

    /// The tree with each element's matching declarations placed before its `style` attribute.
    func resolve(_ root: SVGElement) -> SVGElement {
        guard !rules.isEmpty else { return root }
        return resolve(root, ancestors: [])
    }

    private func resolve(_ element: SVGElement, ancestors: [SVGElement]) -> SVGElement {
        var result = element
        let matched = rules.filter { matches($0.chain, element, ancestors) }.sorted { ($0.specificity, $0.order) < ($1.specificity, $1.order) }
        if !matched.isEmpty {
            // `!important` sheet declarations come after the element's own `style`, so they win.
            let all = matched.map(\.declarations).joined(separator: ";")
            let important = all.split(separator: ";").filter { $0.contains("!important") }.joined(separator: ";")
            result.attributes["style"] = all + ";" + (element.attributes["style"] ?? "") + ";" + important
        }
        let path = ancestors + [element]
        result.children = element.children.map { resolve($0, ancestors: path) }
        return result
    }

    private func matches(_ chain: [(compound: Compound, child: Bool)], _ element: SVGElement, _ ancestors: [SVGElement]) -> Bool {
        guard let first = chain.first, Self.matches(first.compound, element) else { return false }
        return Self.matchesAncestors(chain[...], ancestors[...])
    }

    /// Whether the rest of the chain (after its first compound, already
    /// matched) matches among `ancestors`, the nearest last.
    private static func matchesAncestors(
        _ chain: ArraySlice<(compound: Compound, child: Bool)>, _ ancestors: ArraySlice<SVGElement>
    ) -> Bool {
        guard chain.count > 1 else { return true }
        let child = chain[chain.startIndex].child
        let next = chain[chain.startIndex + 1].compound
        var rest = ancestors
        if child {
            guard let parent = rest.popLast(), matches(next, parent) else { return false }
            return matchesAncestors(chain.dropFirst(), rest)
        }
        while let candidate = rest.popLast() {
            if matches(next, candidate) && matchesAncestors(chain.dropFirst(), rest) { return true }
        }
        return false
    }

    static func matches(_ compound: Compound, _ element: SVGElement) -> Bool {
        if let type = compound.type, type != element.name { return false }
        if let id = compound.id, id != element["id"] { return false }
        for test in compound.attributes {
            guard let value = element.attributes[test.name == "xlink:href" ? "href" : test.name] else { return false }
            if let expected = test.value, expected != value { return false }
        }
        if !compound.classes.isEmpty {
            let classes = (element["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            return compound.classes.allSatisfy(classes.contains)
        }
        return true
    }
}
