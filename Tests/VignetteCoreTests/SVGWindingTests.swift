import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Coverage follows the winding number, never summed area: where a path
/// overlaps itself a pixel is covered at most once under non-zero, an
/// even-odd or opposite-direction overlap is empty, and a stroke's outline
/// folding over itself at a join draws no darker or lighter seam.
///
/// The oracle samples the same 16 lines per pixel row in floating point
/// and walks the sorted crossings by the rule; the raster snaps to
/// 1/256 px, so a pixel may differ from it by 2 levels (of 255), no more.
@Suite struct SVGWindingTests {
    typealias Polygon = [Vector2]

    static func mask(_ polygons: [Polygon], size: Int, rule: CoverageRaster.FillRule = .nonZero) -> [[UInt8]] {
        SVGRasterTests.mask(polygons, width: size, height: size, rule: rule)
    }

    /// Each pixel's inside share of its 16 sample lines (at (k + ½) / 16), in `Double`.
    static func oracle(_ polygons: [Polygon], size: Int, rule: CoverageRaster.FillRule) -> [[UInt8]] {
        let edges = polygons.flatMap { p in zip(p, p.dropFirst() + [p[0]]).map { ($0, $1) } }
        return (0..<size).map { y in
            var inside = [Double](repeating: 0, count: size)
            for k in 0..<16 {
                let line = Double(y) + (Double(k) + 0.5) / 16
                var crossings: [(x: Double, winding: Int)] = []
                for (a, b) in edges where a.y != b.y {
                    let (top, bottom, winding) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                    guard top.y <= line, line < bottom.y else { continue }
                    crossings.append((top.x + (bottom.x - top.x) * (line - top.y) / (bottom.y - top.y), winding))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for (i, crossing) in crossings.enumerated().dropLast() {
                    winding += crossing.winding
                    guard rule == .nonZero ? winding != 0 : winding % 2 != 0 else { continue }
                    let (from, to) = (max(0, crossing.x), min(Double(size), crossings[i + 1].x))
                    for x in 0..<size { inside[x] += max(0, min(to, Double(x + 1)) - max(from, Double(x))) }
                }
            }
            return inside.map { UInt8(($0 / 16 * 255).rounded()) }
        }
    }

    /// The largest difference from the oracle, with where it is.
    static func worst(_ polygons: [Polygon], size: Int, rule: CoverageRaster.FillRule) -> (difference: Int, x: Int, y: Int) {
        let ours = mask(polygons, size: size, rule: rule)
        let expected = oracle(polygons, size: size, rule: rule)
        var worst = (difference: 0, x: 0, y: 0)
        for y in 0..<size {
            for x in 0..<size where abs(Int(ours[y][x]) - Int(expected[y][x])) > worst.difference {
                worst = (abs(Int(ours[y][x]) - Int(expected[y][x])), x, y)
            }
        }
        return worst
    }

    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> Polygon {
        let corners = [Vector2(x: x0, y: y0), Vector2(x: x1, y: y0), Vector2(x: x1, y: y1), Vector2(x: x0, y: y1)]
        return clockwise ? corners : corners.reversed()
    }

    /// A shape drawn twice in the same direction covers its edge pixels once, not twice.
    @Test func twoCopiesOfAShapeCoverNoMoreThanOne() {
        let square = Self.rectangle(0.5, 0.5, 2.5, 2.5)
        #expect(Self.mask([square, square], size: 3) == [[64, 128, 64], [128, 255, 128], [64, 128, 64]])
        let triangle: Polygon = [Vector2(x: 0, y: 0), Vector2(x: 4, y: 4), Vector2(x: 0, y: 4)]
        #expect(Self.mask([triangle, triangle, triangle], size: 4) == Self.mask([triangle], size: 4))
    }

    @Test func overlappingSubpathsInTheSameDirectionFillTheirUnionOnce() {
        let shapes = [Self.rectangle(0.25, 0.5, 3.25, 3.5), Self.rectangle(1.75, 1.25, 4.75, 4.25)]
        let mask = Self.mask(shapes, size: 6)
        #expect(Self.worst(shapes, size: 6, rule: .nonZero).difference <= 2)
        // (2, 2) lies in both squares, (1, 1) and (3, 3) in one each: all solid.
        #expect(mask[2][2] == 255 && mask[1][1] == 255 && mask[3][3] == 255)
        // (1, 3) holds half of the first and a quarter of the second, an
        // eighth in both: 5/8 covered (summed area would say 6/8).
        #expect(mask[3][1] == 159 && mask[0][1] == 128)
    }

    /// Opposite directions cancel where they overlap (a hole), and add up to
    /// one where a pixel holds both, side by side.
    @Test func subpathsInOppositeDirectionsLeaveTheirOverlapEmpty() {
        let shapes = [Self.rectangle(0.5, 0.5, 3.5, 3.5), Self.rectangle(2, 1.5, 5, 4.5, clockwise: false)]
        #expect(Self.worst(shapes, size: 6, rule: .nonZero).difference <= 2)
        #expect(Self.mask(shapes, size: 6)[2][2] == 0)
        let sideBySide = [Self.rectangle(0, 0, 2.5, 2), Self.rectangle(2.5, 0, 5, 2, clockwise: false)]
        #expect(Self.mask(sideBySide, size: 5)[0] == [255, 255, 255, 255, 255])
    }

    @Test func evenOddLeavesTheOverlapEmpty() {
        let shapes = [Self.rectangle(0.5, 0.5, 3.5, 3.5), Self.rectangle(2, 1.5, 5, 4.5)]
        #expect(Self.worst(shapes, size: 6, rule: .evenOdd).difference <= 2)
        let mask = Self.mask(shapes, size: 6, rule: .evenOdd)
        #expect(mask[2][2] == 0 && mask[1][1] == 255 && mask[3][4] == 255)
        // Coincident edges, winding 0 on one side and 2 on the other: both outside.
        let twice = Self.rectangle(0.5, 0.5, 2.5, 2.5)
        #expect(Self.mask([twice, twice], size: 3, rule: .evenOdd).allSatisfy { $0.allSatisfy { $0 == 0 } })
    }

    /// A five-pointed star drawn in one stroke of the pen winds twice round its centre.
    @Test func aStarIsSolidUnderNonZeroAndHollowUnderEvenOdd() {
        let star: Polygon = (0..<5).map { i in
            let angle = Double(i * 2) * 2 * .pi / 5 - .pi / 2
            return Vector2(x: 12 + 11 * cos(angle), y: 12.5 + 11 * sin(angle))
        }
        let nonZero = Self.mask([star], size: 24)
        let evenOdd = Self.mask([star], size: 24, rule: .evenOdd)
        #expect(nonZero[12][12] == 255 && evenOdd[12][12] == 0)
        #expect(Self.worst([star], size: 24, rule: .nonZero).difference <= 2)
        #expect(Self.worst([star], size: 24, rule: .evenOdd).difference <= 2)
        for y in 0..<24 {
            for x in 0..<24 { #expect(nonZero[y][x] >= evenOdd[y][x], "(\(x), \(y))") }
        }
        // The points (winding 1) are the same under both rules.
        #expect(nonZero[3] == evenOdd[3] && nonZero[20] == evenOdd[20])
    }

    /// Seeded polygons that cross themselves and each other, partly off the
    /// raster, on a 1/8 px grid (never on a sample line), under both rules.
    @Test(arguments: 0..<24)
    func randomSelfIntersectingPolygonsMatchTheOracle(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9 &+ 7)
        let polygons: [Polygon] = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            (0..<Int.random(in: 3...9, using: &random)).map { _ in
                Vector2(x: Double(Int.random(in: -16...112, using: &random)) / 8, y: Double(Int.random(in: -16...112, using: &random)) / 8)
            }
        }
        for rule in [CoverageRaster.FillRule.nonZero, .evenOdd] {
            let worst = Self.worst(polygons, size: 12, rule: rule)
            #expect(worst.difference <= 2, "\(rule) at (\(worst.x), \(worst.y)): \(worst.difference) levels off")
        }
    }

    /// A thick stroke's outline folds over itself inside a sharp join (and
    /// its round join's arc overlaps both segments): filled non-zero, it is
    /// covered once, solid inside and as the oracle says at its edges.
    @Test(arguments: [SVGStyle.LineJoin.miter, .bevel, .round])
    func aThickStrokeWithASharpJoinIsCoveredOnce(join: SVGStyle.LineJoin) throws {
        var style = SVGStyle()
        style.strokeWidth = 7
        style.lineJoin = join
        style.miterLimit = 10
        var path = VectorPath()
        path.move(Vector2(x: 5.3, y: 28))
        path.line(Vector2(x: 16.2, y: 6.1))
        path.line(Vector2(x: 27.1, y: 28))
        let outline = try #require(SVGStroker(style: style, transform: .identity).outline(path, maxDashes: 10))
        let polygons = PathFlattener(tolerance: PathFlattener.deviceTolerance).polylines(outline).map(\.points)
        let worst = Self.worst(polygons, size: 32, rule: .nonZero)
        #expect(worst.difference <= 2, "\(join) at (\(worst.x), \(worst.y)): \(worst.difference) levels off")
        // Just below the vertex both segments and the join overlap: solid, once.
        let mask = Self.mask(polygons, size: 32)
        #expect(mask[9][16] == 255 && mask[14][13] == 255 && mask[14][19] == 255)
    }
}
