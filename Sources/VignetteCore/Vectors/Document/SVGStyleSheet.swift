/// The rules of `<style>` elements, resolved into the tree once: each
/// element's matching declarations are put before its own `style`
/// attribute, so the cascade is presentation attribute < sheet (by
/// specificity, then order) < `style`. Selectors: type, `*`, `.class`,
/// `#id`, attribute tests (`[a]`, `=`, `~=`, `|=`, `^=`, `$=`, `*=`),
/// `:first-child`, `:last-child` and `:only-child`, compounds of those,
/// and the descendant, `>`, `+` and `~` combinators. At-rules (`@import`
/// included: nothing is ever fetched) and rules with other selectors are
/// skipped; the rest of the sheet still applies.
struct SVGStyleSheet {
    struct Compound: Hashable {
        var type: String?
        var id: String?
        var classes: [String] = []
        var attributes: [AttributeTest] = []
        var pseudoClasses: [String] = []
    }

    /// `[name]` (present), or `[name op value]`.
    struct AttributeTest: Hashable {
        var name: String
        var value: String?
        /// `=`, `~=`, `|=`, `^=`, `$=` or `*=`.
        var operation = "="
    }

    /// How a compound relates to the one on its left.
    enum Combinator: Hashable {
        /// White space: any ancestor.
        case descendant
        /// `>`: the parent.
        case child
        /// `+`: the sibling just before.
        case adjacent
        /// `~`: any sibling before.
        case sibling
    }

    struct Rule {
        /// Compounds from the subject leftwards, each with how it relates to the next one (its left).
        var chain: [(compound: Compound, combinator: Combinator)]
        var declarations: String
        var specificity: Int
        var order: Int
    }

    var rules: [Rule] = []

    init(_ css: String) {
        let text = Self.strippingComments(css)
        for block in text.split(separator: "}") {
            let parts = block.split(separator: "{", maxSplits: 1)
            guard parts.count == 2 else { continue }
            var selectors = parts[0].trimmingXMLSpace()
            // A statement at-rule (`@import url(a.css);`) ends at its semicolon; the rule after it stands.
            while selectors.hasPrefix("@"), let end = selectors.firstIndex(of: ";") {
                selectors = selectors[selectors.index(after: end)...].trimmingXMLSpace()
            }
            guard !selectors.hasPrefix("@") else { continue }
            for selector in selectors.split(separator: ",") {
                guard let (chain, specificity) = Self.parse(selector.trimmingXMLSpace()) else { continue }
                rules.append(Rule(chain: chain, declarations: String(parts[1]), specificity: specificity, order: rules.count))
            }
        }
    }

    /// CSS text without its `/* … */` comments (an unclosed one runs to the end).
    static func strippingComments(_ css: String) -> String {
        guard css.contains("/*") else { return css }
        var text = css
        while let open = text.range(of: "/*") {
            guard let close = text.range(of: "*/", range: open.upperBound..<text.endIndex) else {
                return String(text[..<open.lowerBound])
            }
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: " ")
        }
        return text
    }

    private static func parse(_ selector: String) -> ([(compound: Compound, combinator: Combinator)], Int)? {
        guard let tokens = tokens(selector) else { return nil }
        let combinators: [String: Combinator] = [">": .child, "+": .adjacent, "~": .sibling]
        var chain: [(compound: Compound, combinator: Combinator)] = []
        var specificity = 0
        var pending: Combinator?
        for token in tokens.reversed() {
            if let combinator = combinators[token] {
                guard !chain.isEmpty, pending == nil else { return nil }
                pending = combinator
                continue
            }
            guard let compound = compound(token) else { return nil }
            if !chain.isEmpty { chain[chain.count - 1].combinator = pending ?? .descendant }
            pending = nil
            chain.append((compound, .descendant))
            let classLike = compound.classes.count + compound.attributes.count + compound.pseudoClasses.count
            specificity += (compound.id == nil ? 0 : 10_000) + classLike * 100 + (compound.type == nil ? 0 : 1)
        }
        return chain.isEmpty || pending != nil ? nil : (chain, specificity)
    }

    /// The selector's compounds and `>`, `+`, `~` combinators; white space inside `[…]` and quotes is kept.
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
            } else if character == ">" || character == "+" || character == "~" || character.isWhitespace {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                if !character.isWhitespace { tokens.append(String(character)) }
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
            case ":":
                let name = rest.dropFirst().prefix(while: isName)
                guard Self.pseudoClasses.contains(String(name)) else { return nil }  // Others, and pseudo-elements, are skipped.
                compound.pseudoClasses.append(String(name))
                rest = rest.dropFirst(1 + name.count)
            default:
                return nil
            }
        }
        return compound
    }

    /// The structural pseudo-classes a compound may hold.
    static let pseudoClasses: Set<String> = ["first-child", "last-child", "only-child"]

    /// `name`, or `name` an operator and a value (bare or quoted).
    private static func attributeTest(_ text: String) -> AttributeTest? {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var name = parts[0].trimmingXMLSpace()
        var operation = "="
        if parts.count == 2, let last = name.last, "~|^$*".contains(last) {
            operation = String(last) + "="
            name = String(name.dropLast()).trimmingXMLSpace()
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" }) else { return nil }
        guard parts.count == 2 else { return AttributeTest(name: name, value: nil) }
        var value = parts[1].trimmingXMLSpace()
        if let first = value.first, first == "\"" || first == "'" {
            guard value.count >= 2, value.last == first else { return nil }
            value = String(value.dropFirst().dropLast())
        } else if value.isEmpty || !value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            return nil
        }
        return AttributeTest(name: name, value: value, operation: operation)
    }
}
