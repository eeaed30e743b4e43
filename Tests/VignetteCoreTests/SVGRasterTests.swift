import Testing

@testable import VignetteCore

/// The coverage rasterizer: winding coverage on 16 sample lines per row,
/// exact across, in integers; both fill rules, edges outside the raster,
/// and the work it counts (overlaps: `SVGWindingTests`).
@Suite struct SVGRasterTests {
    static func mask(_ polygons: [[Vector2]], width: Int, height: Int, rule: CoverageRaster.FillRule = .nonZero) -> [[UInt8]] {
        var raster = CoverageRaster(width: width, height: height)
        for polygon in polygons {
            for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) { raster.addLine(a, b) }
        }
        var row = [UInt8](repeating: 0, count: width)
        return (0..<height).map { y in
            row = [UInt8](repeating: 0, count: width)
            _ = raster.sweep(row: y, rule: rule, into: &row)
            return row
        }
    }

    static func square(_ x: Double, _ y: Double, _ side: Double, clockwise: Bool = true) -> [Vector2] {
        let corners = [Vector2(x: x, y: y), Vector2(x: x + side, y: y), Vector2(x: x + side, y: y + side), Vector2(x: x, y: y + side)]
        return clockwise ? corners : corners.reversed()
    }

    @Test func aPixelAlignedSquareIsExactlyCovered() {
        let mask = Self.mask([Self.square(1, 1, 2)], width: 4, height: 4)
        #expect(mask == [[0, 0, 0, 0], [0, 255, 255, 0], [0, 255, 255, 0], [0, 0, 0, 0]])
    }

    /// Half a pixel off the grid: edges at 50 %, corners at 25 %, as the sample lines say.
    @Test func halfPixelEdgesAreHalfCovered() {
        let mask = Self.mask([Self.square(0.5, 0.5, 2)], width: 3, height: 3)
        #expect(mask == [[64, 128, 64], [128, 255, 128], [64, 128, 64]])
    }

    /// A diagonal edge through a pixel's corners covers half of it.
    @Test func aDiagonalCoversHalfOfEachPixelItCrosses() {
        let mask = Self.mask([[Vector2(x: 0, y: 0), Vector2(x: 4, y: 4), Vector2(x: 0, y: 4)]], width: 4, height: 4)
        for i in 0..<4 { #expect(mask[i][i] == 128) }
        #expect(mask[3][0] == 255 && mask[0][3] == 0)
    }

    @Test func fillRulesDifferOnlyWhereTheWindingIsTwo() {
        let outer = Self.square(0, 0, 4)
        let inner = Self.square(1, 1, 2)
        let nonZero = Self.mask([outer, inner], width: 4, height: 4)
        let evenOdd = Self.mask([outer, inner], width: 4, height: 4, rule: .evenOdd)
        #expect(nonZero[1][1] == 255 && evenOdd[1][1] == 0 && evenOdd[0][0] == 255)
        // Wound the other way, the inner square is a hole under both rules.
        let hole = Self.mask([outer, Self.square(1, 1, 2, clockwise: false)], width: 4, height: 4)
        #expect(hole[1][1] == 0 && hole[0][1] == 255)
    }

    /// Edges beyond the left, right, top and bottom still shape what is inside.
    @Test func edgesOutsideTheRasterAreClipped() {
        let mask = Self.mask([Self.square(-10, -10, 12)], width: 4, height: 4)
        #expect(mask[0] == [255, 255, 0, 0] && mask[1] == [255, 255, 0, 0] && mask[2] == [0, 0, 0, 0])
        let wide = Self.mask([[Vector2(x: -1e6, y: 1), Vector2(x: 1e6, y: 1), Vector2(x: 1e6, y: 3), Vector2(x: -1e6, y: 3)]], width: 4, height: 4)
        #expect(wide[1] == [255, 255, 255, 255] && wide[0] == [0, 0, 0, 0])
    }

    @Test func nonFiniteAndHugeCoordinatesDrawNothingAndNeverTrap() {
        let mask = Self.mask([[Vector2(x: .nan, y: 0), Vector2(x: 2, y: .infinity), Vector2(x: 1, y: 1)]], width: 2, height: 2)
        #expect(mask.allSatisfy { $0.allSatisfy { $0 == 0 } })
        _ = Self.mask([[Vector2(x: -1e300, y: -1e300), Vector2(x: 1e300, y: 1e300), Vector2(x: 0, y: 1e300)]], width: 2, height: 2)
    }

    @Test func workCountsTheRowsEachEdgeCrosses() {
        var raster = CoverageRaster(width: 10, height: 10)
        raster.addLine(Vector2(x: 1, y: 0), Vector2(x: 1, y: 10))
        raster.addLine(Vector2(x: 2, y: 2.5), Vector2(x: 2, y: 4.5))
        #expect(raster.work == 13)
    }
}
