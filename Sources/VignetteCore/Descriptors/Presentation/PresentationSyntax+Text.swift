import Foundation

extension PresentationSyntax {
    /// The forms of `font`.
    package static let fontForm = "[italic|oblique[:DEG]] [normal|bold|1...1000] SIZE [FAMILY[, FAMILY…]], e.g. 'bold 24 Noto Sans'"

    /// CSS's `font` shorthand, the parts text draws with: an optional style
    /// (`italic`, `oblique`, `oblique:10`), an optional weight (`normal`,
    /// `bold` or 1…1000), the size in points, then a family list (commas
    /// between names). Sets them on `style`, keeping the rest.
    package static func font(_ text: String, into style: inout TextStyle) throws(Error) {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)[...]
        let fail = Error(expected: fontForm)
        if let first = words.first?.lowercased() {
            if first == "italic" {
                style.style = .italic
                words = words.dropFirst()
            } else if first == "oblique" || first.hasPrefix("oblique:") {
                let degrees = first == "oblique" ? 14 : number(String(first.dropFirst(8)))
                guard let degrees, (-90...90).contains(degrees) else { throw fail }
                style.style = .oblique(degrees: degrees)
                words = words.dropFirst()
            }
        }
        if let word = words.first?.lowercased(), words.count > 1 {
            if word == "normal" || word == "bold" {
                style.weight = word == "bold" ? .bold : .regular
                words = words.dropFirst()
            } else if let weight = number(word), let next = words.dropFirst().first, number(next) != nil {
                guard (1...1000).contains(weight) else { throw fail }
                style.weight = FontWeight(weight)
                words = words.dropFirst()
            }
        }
        guard let sizeWord = words.first, let size = number(sizeWord.lowercased().replacingOccurrences(of: "pt", with: "")),
            size > 0, size <= 1000
        else { throw fail }
        style.size = size
        let families = words.dropFirst().joined(separator: " ").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
            .filter { !$0.isEmpty }
        if !families.isEmpty { style.families = families }
    }

    /// `leading`, `center`, `trailing`, `left` or `right`.
    package static func textAlignment(_ text: String) throws(Error) -> TextAlignment {
        guard let alignment = TextAlignment.allCases.first(where: { text.lowercased() == $0.rawValue }) else {
            throw Error(expected: TextAlignment.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return alignment
    }
}
