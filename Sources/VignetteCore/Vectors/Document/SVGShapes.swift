/// Lengths of an element in a viewport, and basic shapes as paths
/// (``SVGGeometry`` parses them; the tree's nodes hold it parsed).
struct SVGShapes {
    let viewport: (width: Double, height: Double)

    func length(_ element: SVGElement, _ name: String, _ axis: SVGLength.Axis, default value: Double = 0) -> Double {
        guard let text = element[name], let length = SVGLength.parse(text, fontSize: element.fontSize) else { return value }
        return length.resolved(axis, viewport: viewport)
    }

    /// The shape's outline, or nil when it draws nothing (or is not a shape).
    func path(for element: SVGElement) -> VectorPath? {
        SVGGeometry(element)?.path(in: viewport)
    }
}
