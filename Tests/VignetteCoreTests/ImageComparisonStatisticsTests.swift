import Foundation
import Testing

@testable import VignetteCore

/// `ImageComparison.statistics`: exact ΔE percentiles and changed-region boxes.
@Suite struct ImageComparisonStatisticsTests {
    typealias Image = (width: Int, height: Int, pixels: [UInt8])

    static func image(_ width: Int, _ height: Int, _ rgba: [UInt8] = [90, 120, 200, 255]) -> Image {
        (width, height, Array((0..<width * height).map { _ in rgba }.joined()))
    }

    static func set(_ image: inout Image, _ x: Int, _ y: Int, _ rgba: [UInt8]) {
        let i = (y * image.width + x) * 4
        image.pixels.replaceSubrange(i..<i + 4, with: rgba)
    }

    static func fill(_ image: inout Image, _ rect: PixelRect, _ rgba: [UInt8]) {
        for y in rect.minY..<rect.maxY { for x in rect.minX..<rect.maxX { set(&image, x, y, rgba) } }
    }

    @Test func nearestRankPercentile() {
        var hundred = (1...100).map(Float.init).shuffled()
        #expect(ImageComparison.percentile(&hundred, 0.99) == 99)
        var thousand = (1...1000).map(Float.init).reversed().map { $0 }
        #expect(ImageComparison.percentile(&thousand, 0.99) == 990)
        #expect(ImageComparison.percentile(&thousand, 1) == 1000)
        var one: [Float] = [7]
        #expect(ImageComparison.percentile(&one, 0.99) == 7)
        var constant = [Float](repeating: 3, count: 5000)
        #expect(ImageComparison.percentile(&constant, 0.99) == 3)
        var empty: [Float] = []
        #expect(ImageComparison.percentile(&empty, 0.99) == 0)
        // Long lists take the radix path: same answer as sorting.
        for count in [5000, 40_001] {
            // A fixed scramble of 0...130 in steps of 0.01.
            var many = (0..<count).map { Float(($0 &* 2_654_435_761) % 13_001) / 100 }
            let sorted = many.sorted()
            #expect(ImageComparison.percentile(&many, 0.99) == sorted[Int((0.99 * Double(count)).rounded(.up)) - 1])
        }
        var ties = [Float](repeating: 1.5, count: 9000) + [Float](repeating: 80, count: 100)
        #expect(ImageComparison.percentile(&ties, 0.99) == 80)
        // 101 values: rank ⌈99.99⌉ = 100, the second largest.
        var odd = (0...100).map { Float($0 * $0) }.shuffled()
        #expect(ImageComparison.percentile(&odd, 0.99) == 99 * 99)
    }

    @Test func p99AndWorstOnAKnownDistribution() throws {
        let reference = Self.image(40, 10)
        let small: [UInt8] = [92, 120, 200, 255]
        let large: [UInt8] = [250, 20, 20, 255]
        let smallE = Double(ImageComparison.difference(0xFFC8_785A, 0xFFC8_785C, premultiplied: false))
        let largeE = Double(ImageComparison.difference(0xFFC8_785A, 0xFF14_14FA, premultiplied: false))
        #expect(smallE > 0 && largeE > smallE)
        // 200 differing pixels, rank ⌈198⌉: 198 small ones keep p99 small; 197 do not.
        for (largeCount, expectedP99) in [(2, smallE), (3, largeE)] {
            var actual = reference
            for i in 0..<200 { Self.set(&actual, i % 40, i / 40, i < largeCount ? large : small) }
            let stats = try #require(ImageComparison.statistics(reference: reference, actual: actual))
            #expect(stats.differingPixelCount == 200)
            #expect(stats.percentile99DeltaE == expectedP99)
            #expect(stats.worstDeltaE == largeE)
        }
    }

    @Test func twoSeparateBlocksGiveTwoBoxes() throws {
        let reference = Self.image(120, 80)
        var actual = reference
        Self.fill(&actual, PixelRect(minX: 70, minY: 5, maxX: 90, maxY: 15), [255, 0, 255, 255])
        Self.fill(&actual, PixelRect(minX: 10, minY: 40, maxX: 30, maxY: 70), [0, 0, 0, 255])
        let stats = try #require(ImageComparison.statistics(reference: reference, actual: actual))
        #expect(stats.differingPixelCount == 200 + 600)
        #expect(
            stats.changedRegions == [
                PixelRect(minX: 70, minY: 5, maxX: 90, maxY: 15),
                PixelRect(minX: 10, minY: 40, maxX: 30, maxY: 70)
            ])
    }

    @Test func smallGapsAndDiagonalsJoin() throws {
        let reference = Self.image(60, 40)
        var actual = reference
        let red: [UInt8] = [255, 0, 0, 255]
        // Diagonal neighbours: one region.
        Self.set(&actual, 2, 2, red)
        Self.set(&actual, 3, 3, red)
        Self.set(&actual, 4, 4, red)
        // A gap of 4 unchanged columns joins; 5 does not.
        Self.set(&actual, 20, 2, red)
        Self.set(&actual, 25, 2, red)
        Self.set(&actual, 31, 2, red)
        // A gap of 4 unchanged rows joins, shifted sideways by 5 columns (within reach diagonally).
        Self.set(&actual, 40, 10, red)
        Self.set(&actual, 45, 15, red)
        let regions = try #require(ImageComparison.statistics(reference: reference, actual: actual)).changedRegions
        #expect(
            regions == [
                PixelRect(minX: 2, minY: 2, maxX: 5, maxY: 5), PixelRect(minX: 20, minY: 2, maxX: 26, maxY: 3),
                PixelRect(minX: 31, minY: 2, maxX: 32, maxY: 3), PixelRect(minX: 40, minY: 10, maxX: 46, maxY: 16)
            ])
        let tight = try #require(ImageComparison.statistics(reference: reference, actual: actual, gap: 0)).changedRegions
        #expect(tight.count == 6)
    }

    @Test func aUShapeIsOneRegion() throws {
        // The arms meet only at the bottom: joined after both started as separate runs.
        let reference = Self.image(30, 30)
        var actual = reference
        Self.fill(&actual, PixelRect(minX: 2, minY: 2, maxX: 4, maxY: 20), [0, 0, 0, 255])
        Self.fill(&actual, PixelRect(minX: 20, minY: 2, maxX: 22, maxY: 20), [0, 0, 0, 255])
        Self.fill(&actual, PixelRect(minX: 2, minY: 20, maxX: 22, maxY: 22), [0, 0, 0, 255])
        let regions = try #require(ImageComparison.statistics(reference: reference, actual: actual)).changedRegions
        #expect(regions == [PixelRect(minX: 2, minY: 2, maxX: 22, maxY: 22)])
    }

    @Test func regionCountIsCappedAndCoversEveryPixel() throws {
        let reference = Self.image(400, 300)
        var actual = reference
        var points: [(Int, Int)] = []
        for y in stride(from: 3, to: 300, by: 11) { for x in stride(from: 5, to: 400, by: 13) { points.append((x, y)) } }
        for (x, y) in points { Self.set(&actual, x, y, [0, 255, 0, 255]) }
        #expect(points.count > 128)
        for cap in [32, 3, 1] {
            let stats = try #require(ImageComparison.statistics(reference: reference, actual: actual, maxRegions: cap))
            #expect(stats.changedRegions.count <= cap && !stats.changedRegions.isEmpty)
            for (x, y) in points {
                #expect(stats.changedRegions.contains { $0.minX <= x && x < $0.maxX && $0.minY <= y && y < $0.maxY })
            }
            for (i, a) in stats.changedRegions.enumerated() {
                for b in stats.changedRegions[(i + 1)...] { #expect(a.intersection(b).isEmpty) }
            }
        }
    }

    @Test func identicalHiddenColourAndSizeMismatch() throws {
        let reference = Self.image(8, 8, [10, 20, 30, 0])
        var actual = reference
        Self.set(&actual, 3, 3, [200, 200, 200, 0])
        let hidden = try #require(ImageComparison.statistics(reference: reference, actual: actual))
        #expect(hidden.differingPixelCount == 0 && hidden.changedRegions.isEmpty && hidden.worstDeltaE == 0)
        let same = try #require(ImageComparison.statistics(reference: reference, actual: reference))
        #expect(same.percentile99DeltaE == 0 && same.changedRegions.isEmpty)
        #expect(ImageComparison.statistics(reference: reference, actual: Self.image(8, 9)) == nil)
        Self.set(&actual, 7, 7, [10, 20, 30, 255])
        let alpha = try #require(ImageComparison.statistics(reference: reference, actual: actual))
        #expect(alpha.differingPixelCount == 1 && alpha.worstDeltaE == 100)
        #expect(alpha.changedRegions == [PixelRect(minX: 7, minY: 7, maxX: 8, maxY: 8)])
    }
}
