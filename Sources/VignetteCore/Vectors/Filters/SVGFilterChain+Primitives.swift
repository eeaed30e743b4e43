/// `feFlood`, `feOffset`, `feGaussianBlur`, `feMerge` and `feDropShadow`.
extension SVGFilterChain {
    /// The region filled with `flood-color` at `flood-opacity`.
    func flood(_ primitive: SVGElement, linear: Bool) -> SVGFilterImage {
        var image = SVGFilterImage(width: source.width, height: source.height, linear: linear)
        let color = floodColor(primitive, linear: linear)
        guard color.3 != 0 else { return image }
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels[i] = color.0
            image.pixels[i + 1] = color.1
            image.pixels[i + 2] = color.2
            image.pixels[i + 3] = color.3
        }
        return image
    }

    /// The input moved by `dx`, `dy` (primitive units, rounded to whole device pixels).
    func offset(_ input: SVGFilterImage, _ primitive: SVGElement) -> SVGFilterImage {
        let dx = Self.numbers(primitive, "dx")?.first ?? 0
        let dy = Self.numbers(primitive, "dy")?.first ?? 0
        return Self.moved(input, by: deviceVector(dx, dy))
    }

    static func moved(_ image: SVGFilterImage, by vector: (x: Double, y: Double)) -> SVGFilterImage {
        // Beyond the image everything moves out: clamp before converting to Int.
        let limit = Double(max(image.width, image.height) + 1)
        let dx = Int(min(max(vector.x, -limit), limit).rounded())
        let dy = Int(min(max(vector.y, -limit), limit).rounded())
        return dx == 0 && dy == 0 ? image : image.offset(dx: dx, dy: dy)
    }

    /// `stdDeviation` (one value for both axes, or x then y): a negative
    /// or absent value leaves the input as it is; zero on one axis blurs the other only.
    func blur(_ input: SVGFilterImage, _ primitive: SVGElement) -> SVGFilterImage {
        blurred(input, deviation: Self.numbers(primitive, "stdDeviation") ?? [0])
    }

    func blurred(_ input: SVGFilterImage, deviation values: [Double]) -> SVGFilterImage {
        guard let first = values.first else { return input }
        let second = values.count > 1 ? values[1] : first
        guard first >= 0, second >= 0 else { return input }
        let sigma = deviceSigma(first, second)
        var image = input
        image.blur(sigmaX: sigma.x, sigmaY: sigma.y)
        return image
    }

    /// Each `feMergeNode`'s input over the ones before it.
    func merge(_ primitive: SVGElement, linear: Bool) -> SVGFilterImage {
        var image = SVGFilterImage(width: source.width, height: source.height, linear: linear)
        for node in primitive.children where node.name == "feMergeNode" {
            image.draw(input(node["in"], linear: linear))
        }
        return image
    }

    /// The input's alpha blurred by `stdDeviation` (default 2), moved by
    /// `dx`, `dy` (default 2), coloured by `flood-color` and `flood-opacity`,
    /// under the input.
    func dropShadow(_ input: SVGFilterImage, _ primitive: SVGElement, linear: Bool) -> SVGFilterImage {
        var shadow = blurred(input.alphaOnly(), deviation: Self.numbers(primitive, "stdDeviation") ?? [2])
        shadow = Self.moved(
            shadow, by: deviceVector(Self.numbers(primitive, "dx")?.first ?? 2, Self.numbers(primitive, "dy")?.first ?? 2))
        let color = floodColor(primitive, linear: linear)
        for i in stride(from: 0, to: shadow.pixels.count, by: 4) {
            let a = shadow.pixels[i + 3]
            shadow.pixels[i] = PixelMath.multiply(color.0, a)
            shadow.pixels[i + 1] = PixelMath.multiply(color.1, a)
            shadow.pixels[i + 2] = PixelMath.multiply(color.2, a)
            shadow.pixels[i + 3] = PixelMath.multiply(color.3, a)
        }
        shadow.draw(input)
        return shadow
    }
}
