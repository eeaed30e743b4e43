/// `font-size`, which `em` and `ex` lengths refer to: resolved down the
/// tree once, when a file sets it anywhere, and kept on each element whose
/// size is not the default 16 px.
extension SVGElement {
    /// Where the computed size is kept: a name no XML attribute can have.
    static let computedFontSize = " font-size"

    /// The element's computed font size in px.
    var fontSize: Double { attributes[Self.computedFontSize].flatMap(Double.init) ?? SVGLength.fontSize }

    /// The tree with every element's computed font size kept, or the tree
    /// itself when no element sets `font-size`.
    func resolvingFontSizes() -> SVGElement {
        var declares = false
        forEachDescendant { element in
            if element.attributes["font-size"] != nil || element.attributes["font"] != nil || element.attributes["style"]?.contains("font") == true {
                declares = true
            }
        }
        return declares ? resolvingFontSizes(parent: SVGLength.fontSize) : self
    }

    private func resolvingFontSizes(parent: Double) -> SVGElement {
        var result = self
        let own = declaredFontSize.flatMap { Self.fontSize($0.trimmingXMLSpace(), parent: parent) } ?? parent
        if own != SVGLength.fontSize { result.attributes[Self.computedFontSize] = String(own) }
        result.children = children.map { $0.resolvingFontSizes(parent: own) }
        return result
    }

    /// The size the element declares: the last of `font-size` and the `font` shorthand's size in its
    /// `style`, else its attributes'; nil when it inherits.
    private var declaredFontSize: String? {
        let inline = SVGStyle.declarations(attributes["style"] ?? "").last { $0.0 == "font-size" || $0.0 == "font" }
        guard let (name, value) = inline ?? self["font-size"].map({ ("font-size", $0) }) ?? self["font"].map({ ("font", $0) }) else {
            return nil
        }
        let size = name == "font" ? SVGTextStyle.shorthandSize(value) : value
        return size == "inherit" || size == "auto" ? nil : size
    }

    /// A `font-size` value over the parent's size: a keyword (CSS's
    /// absolute sizes, `larger`, `smaller`), a length (`em`/`ex` and `%` of
    /// the parent's); nil when invalid or negative (it inherits).
    static func fontSize(_ value: String, parent: Double) -> Double? {
        let keywords = ["xx-small": 9.0, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32]
        if let size = keywords[value] { return size }
        if value == "larger" { return parent * 1.2 }
        if value == "smaller" { return parent / 1.2 }
        guard let length = SVGLength.parse(value, fontSize: parent), length.value >= 0, length.value.isFinite else { return nil }
        return length.isPercentage ? parent * length.value / 100 : length.value
    }
}
