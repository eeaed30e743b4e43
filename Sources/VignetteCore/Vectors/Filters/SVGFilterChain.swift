/// The primitives of one filter run in order over its sources, each result
/// named by `result` for a later `in`/`in2`.
struct SVGFilterChain {
    let source: SVGFilterImage
    /// Primitive units → device pixels (its linear part scales lengths).
    let units: AffineTransform
    let filter: SVGElement
    /// The filter element's `color`, inherited through its own ancestors (never the filtered element's).
    let currentColor: SVGColor
    /// `color-interpolation-filters` as the filter element has it (its own, else inherited): a primitive may override it.
    let linearByDefault: Bool
    /// Where the chain's images sit, so primitive subregions can be placed.
    let frame: Frame
    var results: [String: SVGFilterImage] = [:]
    var last: SVGFilterImage?
    /// Each named result's subregion, and the previous primitive's.
    var regions: [String: SVGRenderer.FilterRegion] = [:]
    var lastRegion: SVGRenderer.FilterRegion?
    /// What each `feImage` drew, by the primitive's position (nil for the others).
    var prepared: [SVGFilterImage?] = []
    private var step = 0

    /// The filter region's corner in device pixels, the viewport user-space
    /// percentages refer to, and whether primitive lengths are fractions of the bounding box.
    struct Frame {
        var x = 0, y = 0
        var viewport = (width: 100.0, height: 100.0)
        var objectUnits = false
    }

    init(
        source: SVGFilterImage, units: AffineTransform, filter: SVGElement, currentColor: SVGColor, linearByDefault: Bool = true,
        frame: Frame = Frame()
    ) {
        self.source = source
        self.units = units
        self.filter = filter
        self.currentColor = currentColor
        self.linearByDefault = linearByDefault
        self.frame = frame
    }

    /// The last primitive's result: transparent black when there was none.
    var output: SVGFilterImage {
        last ?? SVGFilterImage(width: source.width, height: source.height, linear: false)
    }

    /// The work a primitive costs per pixel, in units of one pixel written:
    /// planned against `maxCoverageWork` with the rest of the filter.
    static func cost(of primitive: SVGElement) -> Int {
        switch primitive.name {
        case "feConvolveMatrix": return Kernel(primitive).map { $0.columns * $0.rows } ?? 1
        case "feTurbulence":
            let octaves = min(Double(maxOctaves), max(1, numbers(primitive, "numOctaves")?.first ?? 1))
            return 4 * Int(octaves.isFinite ? octaves : 1)
        default: return 1
        }
    }

    /// The primitives Vignette runs.
    static let supported: Set<String> = [
        "feGaussianBlur", "feOffset", "feFlood", "feMerge", "feDropShadow", "feComposite", "feBlend", "feColorMatrix",
        "feTile", "feMorphology", "feComponentTransfer", "feConvolveMatrix", "feDisplacementMap", "feTurbulence",
        "feDiffuseLighting", "feSpecularLighting", "feImage"
    ]

    /// Children a primitive reads rather than draws.
    static let parts: Set<String> = [
        "feMergeNode", "feFuncR", "feFuncG", "feFuncB", "feFuncA", "feDistantLight", "fePointLight", "feSpotLight"
    ]

    /// Runs `primitive` and keeps its result, cut to its subregion; false
    /// when Vignette does not know it (the renderer passes only known ones:
    /// an unknown primitive is skipped, as resvg and browsers skip it).
    mutating func run(_ primitive: SVGElement) -> Bool {
        let region = subregion(of: primitive)
        defer { step += 1 }
        guard var result = result(of: primitive, region: region) else { return false }
        result.keep(only: region)
        last = result
        lastRegion = region
        if let name = primitive["result"], !name.isEmpty {
            results[name] = result
            regions[name] = region
        }
        return true
    }

    /// The primitive's output over the whole region, before its subregion cuts it.
    private func result(of primitive: SVGElement, region: Region) -> SVGFilterImage? {
        let linear = Self.interpolation(primitive) ?? linearByDefault
        let result: SVGFilterImage
        switch primitive.name {
        case "feFlood": result = flood(primitive, linear: linear)
        case "feOffset": result = offset(input(primitive["in"], linear: linear), primitive)
        case "feGaussianBlur": result = blur(input(primitive["in"], linear: linear), primitive)
        case "feMerge": result = merge(primitive, linear: linear)
        case "feDropShadow": result = dropShadow(input(primitive["in"], linear: linear), primitive, linear: linear)
        case "feComposite":
            result = composite(input(primitive["in"], linear: linear), input(primitive["in2"], linear: linear), primitive)
        case "feBlend": result = blend(input(primitive["in"], linear: linear), input(primitive["in2"], linear: linear), primitive)
        case "feColorMatrix": result = colorMatrix(input(primitive["in"], linear: linear), primitive)
        case "feTile": result = tile(input(primitive["in"], linear: linear), from: inputRegion(primitive["in"]))
        case "feMorphology": result = morphology(input(primitive["in"], linear: linear), primitive)
        case "feComponentTransfer": result = componentTransfer(input(primitive["in"], linear: linear), primitive)
        case "feConvolveMatrix": result = convolve(input(primitive["in"], linear: linear), primitive)
        case "feDisplacementMap":
            result = displace(input(primitive["in"], linear: linear), map: input(primitive["in2"], linear: linear), primitive)
        case "feTurbulence": result = turbulence(primitive, linear: linear, region: region)
        case "feImage":
            let image = step < prepared.count ? prepared[step] : nil
            result = (image ?? SVGFilterImage(width: source.width, height: source.height, linear: false)).converted(linear: linear)
        case "feDiffuseLighting", "feSpecularLighting": result = lighting(input(primitive["in"], linear: linear), primitive, linear: linear)
        default: return nil
        }
        return result
    }

    /// `in`/`in2`: a source, a named earlier result, else the previous
    /// result (the source graphic for the first primitive), in the colour
    /// space the primitive works in. `FillPaint`, `StrokePaint` and the
    /// background inputs (which SVG 2 dropped) read the source graphic, as resvg does.
    func input(_ name: String?, linear: Bool) -> SVGFilterImage {
        let image: SVGFilterImage
        switch name {
        case "SourceGraphic", "FillPaint", "StrokePaint", "BackgroundImage", "BackgroundAlpha": image = source
        case "SourceAlpha": image = source.alphaOnly()
        case let name? where results[name] != nil: image = results[name]!
        default: image = last ?? source
        }
        return image.converted(linear: linear)
    }

    /// The element's own `color-interpolation-filters`: true for linearRGB
    /// (or `auto`, which resvg reads as linearRGB), false for sRGB, nil when
    /// it inherits (no value, `inherit`, or one CSS would reject).
    static func interpolation(_ element: SVGElement) -> Bool? {
        let inline = SVGStyle.declarations(element.attributes["style"] ?? "").last { $0.0 == "color-interpolation-filters" }?.1
        switch (inline ?? element["color-interpolation-filters"])?.trimmingXMLSpace() {
        case "sRGB": return false
        case "linearRGB", "auto": return true
        default: return nil
        }
    }

    /// A property from the inline style (`inline`: its declarations, when parsed already), else the attribute.
    static func property(_ element: SVGElement, _ name: String, inline parsed: [(String, String)]? = nil) -> String? {
        let inline = (parsed ?? SVGStyle.declarations(element.attributes["style"] ?? "")).last { $0.0 == name }?.1
        let value = inline ?? element[name]
        return value == "inherit" || value == "auto" ? nil : value
    }

    /// A number attribute's values (`stdDeviation="2 3"`).
    static func numbers(_ element: SVGElement, _ name: String) -> [Double]? {
        guard let text = element[name] else { return nil }
        return NumberScanner.list(text)
    }

    /// A vector of primitive units in device pixels.
    func deviceVector(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (units.a * x + units.c * y, units.b * x + units.d * y)
    }

    /// σ in primitive units → σ in device pixels on each axis, capped far
    /// beyond any region (the blur's cost does not grow with σ past its reduction).
    func deviceSigma(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let sx = (units.a * units.a + units.b * units.b).squareRoot() * x
        let sy = (units.c * units.c + units.d * units.d).squareRoot() * y
        return (sx.isFinite ? min(sx, 1e6) : 0, sy.isFinite ? min(sy, 1e6) : 0)
    }

    /// The colour property `name` of a primitive (`flood-color`, `lighting-color`):
    /// `currentColor` is the primitive's own `color`, else the filter's.
    func color(_ primitive: SVGElement, _ name: String, default fallback: SVGColor) -> SVGColor {
        let text = Self.property(primitive, name)?.trimmingXMLSpace()
        guard let text, text.lowercased() == "currentcolor" else { return text.flatMap(SVGColor.parse) ?? fallback }
        return Self.property(primitive, "color").flatMap(SVGColor.parse) ?? currentColor
    }

    /// `flood-color` at `flood-opacity`, premultiplied, in the primitive's space.
    func floodColor(_ primitive: SVGElement, linear: Bool) -> (UInt8, UInt8, UInt8, UInt8) {
        var color = color(primitive, "flood-color", default: .black)
        if let opacityText = Self.property(primitive, "flood-opacity") {
            let opacity = SVGColor.unit(opacityText) ?? 1
            color.alpha = PixelMath.multiply(color.alpha, UInt8((min(max(opacity, 0), 1) * 255).rounded()))
        }
        let channels = [color.red, color.green, color.blue].map { linear ? SVGColorSpace.toLinear[Int($0)] : $0 }
        let a = color.alpha
        return (PixelMath.multiply(channels[0], a), PixelMath.multiply(channels[1], a), PixelMath.multiply(channels[2], a), a)
    }
}
