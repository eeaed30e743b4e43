/// `feDiffuseLighting` and `feSpecularLighting`: the input's alpha as a
/// height map (× `surfaceScale`), lit by its `feDistantLight`,
/// `fePointLight` or `feSpotLight` child. Normals come from the spec's Sobel
/// kernels (the edge and corner variants where neighbours are missing);
/// only +, −, ×, ÷, √ and the deterministic power and sine are used.
extension SVGFilterChain {
    /// The light at one surface point: the unit vector toward it and its colour (0…1 per channel).
    struct Light {
        enum Kind {
            case distant(Vector3)
            case point(Vector3)
            case spot(position: Vector3, direction: Vector3, exponent: Double, cosCone: Double?)
        }
        var kind: Kind
        var color: (Double, Double, Double)

        func at(_ surface: Vector3) -> (direction: Vector3, color: (Double, Double, Double)) {
            switch kind {
            case .distant(let direction): return (direction, color)
            case .point(let position): return ((position - surface).normalized, color)
            case .spot(let position, let axis, let exponent, let cosCone):
                let l = (position - surface).normalized
                let along = -l.dot(axis)
                guard along > 0, cosCone.map({ along >= $0 }) ?? true else { return (l, (0, 0, 0)) }
                let f = DeterministicMath.pow(along, exponent)
                return (l, (color.0 * f, color.1 * f, color.2 * f))
            }
        }
    }

    func lighting(_ input: SVGFilterImage, _ primitive: SVGElement, linear: Bool) -> SVGFilterImage {
        var out = SVGFilterImage(width: input.width, height: input.height, linear: linear)
        let specular = primitive.name == "feSpecularLighting"
        let number: (String, Double) -> Double = { Self.numbers(primitive, $0)?.first ?? $1 }
        let surfaceScale = number("surfaceScale", 1)
        let constant = number(specular ? "specularConstant" : "diffuseConstant", 1)
        let exponent = number("specularExponent", 1)
        guard constant >= 0, !specular || (1...128).contains(exponent), surfaceScale.isFinite,
            let light = light(primitive, linear: linear)
        else { return out }
        let zScale = units.meanScale
        let width = input.width
        out.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<input.height {
                for x in 0..<width {
                    let n = Self.normal(input, x, y, surfaceScale: surfaceScale)
                    let height = surfaceScale * Double(input.pixels[(y * width + x) * 4 + 3]) / 255 * zScale
                    let surface = Vector3(x: Double(x + frame.x), y: Double(y + frame.y), z: height)
                    let (l, color) = light.at(surface)
                    let factor: Double
                    if specular {
                        let h = (l + Vector3(x: 0, y: 0, z: 1)).normalized
                        factor = constant * DeterministicMath.pow(max(0, n.dot(h)), exponent)
                    } else {
                        factor = constant * n.dot(l)
                    }
                    let (r, g, b) = (Self.unit(factor * color.0), Self.unit(factor * color.1), Self.unit(factor * color.2))
                    let o = (y * width + x) * 4
                    // Specular light is as opaque as its brightest channel; diffuse light is opaque.
                    let alpha = specular ? max(r, g, b) : 255
                    pixels[o] = min(r, alpha)
                    pixels[o + 1] = min(g, alpha)
                    pixels[o + 2] = min(b, alpha)
                    pixels[o + 3] = alpha
                }
            }
        }
        return out
    }

    /// A value in 0…1 as a byte (NaN as 0).
    static func unit(_ value: Double) -> UInt8 {
        guard value > 0 else { return 0 }
        return UInt8(DeterministicMath.roundedNonNegative(min(value, 1) * 255))
    }

    /// The primitive's first light source, in device pixels, with `lighting-color` in the primitive's space.
    func light(_ primitive: SVGElement, linear: Bool) -> Light? {
        guard let source = primitive.children.first(where: { ["feDistantLight", "fePointLight", "feSpotLight"].contains($0.name) }) else {
            return nil
        }
        let parsed = color(primitive, "lighting-color", default: SVGColor(red: 255, green: 255, blue: 255))
        let channels = [parsed.red, parsed.green, parsed.blue].map { Double(linear ? SVGColorSpace.toLinear[Int($0)] : $0) / 255 }
        let color = (channels[0], channels[1], channels[2])
        let number: (String, Double) -> Double = { Self.numbers(source, $0)?.first ?? $1 }
        func position(_ prefix: String = "") -> Vector3 {
            let p = units.apply(Vector2(x: number(prefix.isEmpty ? "x" : prefix + "X", 0), y: number(prefix.isEmpty ? "y" : prefix + "Y", 0)))
            return Vector3(x: p.x, y: p.y, z: number(prefix.isEmpty ? "z" : prefix + "Z", 0) * units.meanScale)
        }
        switch source.name {
        case "feDistantLight":
            let (azimuth, elevation) = (number("azimuth", 0) / 180, number("elevation", 0) / 180)
            let (cosA, sinA) = (DeterministicMath.sinPi(azimuth + 0.5), DeterministicMath.sinPi(azimuth))
            let (cosE, sinE) = (DeterministicMath.sinPi(elevation + 0.5), DeterministicMath.sinPi(elevation))
            return Light(kind: .distant(Vector3(x: cosA * cosE, y: sinA * cosE, z: sinE)), color: color)
        case "fePointLight":
            return Light(kind: .point(position()), color: color)
        default:
            let from = position()
            let to = position("pointsAt")
            let cone = Self.numbers(source, "limitingConeAngle")?.first.map { DeterministicMath.sinPi(abs($0) / 180 + 0.5) }
            let exponent = number("specularExponent", 1)
            return Light(kind: .spot(position: from, direction: (to - from).normalized, exponent: exponent, cosCone: cone), color: color)
        }
    }

    /// The surface normal at a pixel from its neighbours' alpha: each
    /// derivative is the weighted difference between the columns (rows) on
    /// either side that exist, over their span and total weight.
    static func normal(_ image: SVGFilterImage, _ x: Int, _ y: Int, surfaceScale: Double) -> Vector3 {
        func alpha(_ px: Int, _ py: Int) -> Double { Double(image.pixels[(py * image.width + px) * 4 + 3]) / 255 }
        func derivative(along horizontal: Bool) -> Double {
            let (position, limit) = horizontal ? (x, image.width) : (y, image.height)
            let (across, acrossLimit) = horizontal ? (y, image.height) : (x, image.width)
            let low = max(position - 1, 0)
            let high = min(position + 1, limit - 1)
            guard high > low else { return 0 }
            var sum = 0.0
            var weights = 0.0
            for offset in -1...1 where (0..<acrossLimit).contains(across + offset) {
                let w = offset == 0 ? 2.0 : 1.0
                let difference =
                    horizontal ? alpha(high, across + offset) - alpha(low, across + offset) : alpha(across + offset, high) - alpha(across + offset, low)
                sum += w * difference
                weights += w
            }
            return sum * 2 / (Double(high - low) * weights)
        }
        return Vector3(x: -surfaceScale * derivative(along: true), y: -surfaceScale * derivative(along: false), z: 1).normalized
    }
}

/// A point or direction in the lighting model's space (device pixels; z up, out of the image).
struct Vector3: Equatable {
    var x: Double, y: Double, z: Double

    static func + (a: Self, b: Self) -> Self { Self(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static func - (a: Self, b: Self) -> Self { Self(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    static prefix func - (a: Self) -> Self { Self(x: -a.x, y: -a.y, z: -a.z) }
    func dot(_ other: Self) -> Double { x * other.x + y * other.y + z * other.z }

    /// This direction at length 1 (the zero vector stays zero).
    var normalized: Self {
        let length = dot(self).squareRoot()
        guard length > 0, length.isFinite else { return Self(x: 0, y: 0, z: 0) }
        return Self(x: x / length, y: y / length, z: z / length)
    }
}
