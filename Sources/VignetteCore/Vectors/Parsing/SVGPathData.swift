/// Path data (`d`): every command of SVG 1.1, relative and absolute, with
/// implicit repeats, smooth-curve reflection and arcs (as cubic curves).
/// As the spec asks, a path is drawn up to its first error.
struct SVGPathData {
    /// The path up to the first error, the error's byte offset (nil when
    /// none) and how many segments were read.
    static func parse(_ text: String) -> (path: VectorPath, errorOffset: Int?) {
        var parser = SVGPathData(scanner: NumberScanner(text))
        let ok = parser.run()
        return (parser.path, ok ? nil : parser.scanner.index)
    }

    /// The path as `parse` reads it, with the indices of the elements that
    /// continue the segment before them (an arc's second and later curves):
    /// what markers need to find the vertices the file wrote.
    static func parseSegments(_ text: String) -> (path: VectorPath, continuations: Set<Int>) {
        var parser = SVGPathData(scanner: NumberScanner(text))
        _ = parser.run()
        return (parser.path, parser.continuations)
    }

    private var scanner: NumberScanner
    private var path = VectorPath()
    private var current = Vector2(x: 0, y: 0)
    private var start = Vector2(x: 0, y: 0)
    private var lastControl: Vector2?
    private var lastCommand: UInt8 = 0
    private var closed = false
    private var continuations: Set<Int> = []

    private init(scanner: NumberScanner) { self.scanner = scanner }

    /// False at the first error.
    private mutating func run() -> Bool {
        scanner.skipSpace()
        var command: UInt8 = 0
        while !scanner.isAtEnd {
            if let byte = scanner.peek, Self.commands.contains(byte) {
                command = byte
                scanner.index += 1
                scanner.skipSpace()
            } else if command == 0 || command == UInt8(ascii: "z") || command == UInt8(ascii: "Z") {
                return false
            } else if command == UInt8(ascii: "M") {
                command = UInt8(ascii: "L")  // Pairs after a moveto are lineto.
            } else if command == UInt8(ascii: "m") {
                command = UInt8(ascii: "l")
            }
            guard path.elements.isEmpty == false || command == UInt8(ascii: "M") || command == UInt8(ascii: "m") else { return false }
            guard segment(command) else { return false }
            scanner.skipSeparator()
        }
        return true
    }

    private static let commands = Set("MmLlHhVvCcSsQqTtAaZz".utf8)

    /// One segment of `command`; false when its numbers are missing.
    private mutating func segment(_ command: UInt8) -> Bool {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? current : Vector2(x: 0, y: 0)
        let upper = relative ? command - 32 : command
        if upper == UInt8(ascii: "Z") {
            path.close()
            current = start
            closed = true
            lastCommand = upper
            lastControl = nil
            return true
        }
        if upper != UInt8(ascii: "M") && closed {
            path.move(start)  // A segment after `Z` starts a new subpath where the last one began.
        }
        closed = false
        switch upper {
        case UInt8(ascii: "M"):
            guard let p = point(origin) else { return false }
            path.move(p)
            start = p
            current = p
            lastControl = nil
        case UInt8(ascii: "L"):
            guard let p = point(origin) else { return false }
            lineTo(p)
        case UInt8(ascii: "H"):
            guard let x = scanner.number() else { return false }
            lineTo(Vector2(x: origin.x + x, y: current.y))
        case UInt8(ascii: "V"):
            guard let y = scanner.number() else { return false }
            lineTo(Vector2(x: current.x, y: origin.y + y))
        case UInt8(ascii: "A"):
            return arc(origin)
        default:
            return curve(upper, origin: origin)
        }
        lastCommand = upper
        return true
    }

    private mutating func lineTo(_ p: Vector2) {
        path.line(p)
        current = p
        lastControl = nil
    }

    /// C, S, Q and T.
    private mutating func curve(_ upper: UInt8, origin: Vector2) -> Bool {
        let previousCubic = lastCommand == UInt8(ascii: "C") || lastCommand == UInt8(ascii: "S")
        let previousQuad = lastCommand == UInt8(ascii: "Q") || lastCommand == UInt8(ascii: "T")
        let reflected = lastControl.map { current * 2 - $0 }
        switch upper {
        case UInt8(ascii: "C"):
            guard let c1 = pair(origin), let c2 = pair(origin), let p = point(origin) else { return false }
            cubic(c1, c2, p)
        case UInt8(ascii: "S"):
            guard let c2 = pair(origin), let p = point(origin) else { return false }
            cubic((previousCubic ? reflected : nil) ?? current, c2, p)
        case UInt8(ascii: "Q"):
            guard let c = pair(origin), let p = point(origin) else { return false }
            quad(c, p)
        default:  // T
            guard let p = point(origin) else { return false }
            quad((previousQuad ? reflected : nil) ?? current, p)
        }
        lastCommand = upper
        return true
    }

    private mutating func cubic(_ c1: Vector2, _ c2: Vector2, _ p: Vector2) {
        path.elements.append(.cubic(c1, c2, p))
        current = p
        lastControl = c2
    }

    private mutating func quad(_ c: Vector2, _ p: Vector2) {
        path.elements.append(.quad(c, p))
        current = p
        lastControl = c
    }

    /// `rx ry rotation large-arc sweep x y`.
    private mutating func arc(_ origin: Vector2) -> Bool {
        guard let rx = scanner.listNumber(), let ry = scanner.listNumber(), let rotation = scanner.listNumber(),
            let large = scanner.flag(), let sweep = scanner.flag(), let p = point(origin)
        else { return false }
        let arc = ArcConversion(from: current, to: p, radii: Vector2(x: rx, y: ry), rotation: rotation, large: large, sweep: sweep)
        for (index, element) in arc.elements().enumerated() {
            if index > 0 { continuations.insert(path.elements.count) }
            path.elements.append(element)
        }
        current = p
        lastControl = nil
        lastCommand = UInt8(ascii: "A")
        return true
    }

    /// A coordinate pair followed by a separator.
    private mutating func pair(_ origin: Vector2) -> Vector2? {
        guard let x = scanner.listNumber(), let y = scanner.number() else { return nil }
        scanner.skipSeparator()
        return Vector2(x: origin.x + x, y: origin.y + y)
    }

    /// The segment's end point (no separator consumed: the loop does it).
    private mutating func point(_ origin: Vector2) -> Vector2? {
        guard let x = scanner.listNumber(), let y = scanner.number() else { return nil }
        return Vector2(x: origin.x + x, y: origin.y + y)
    }
}
