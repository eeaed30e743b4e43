import Foundation
import Testing
import VignetteCore
import VignetteSnapshotTesting

/// The labelled grid the states sheet is drawn on: images land unchanged,
/// framed, where the integer layout puts them.
@Suite struct LabelledSheetTests {
    @Test func imagesLandUnchangedInFramedSlots() {
        let red = Bitmap(width: 10, height: 6, fill: Color(red: 255, green: 0, blue: 0))
        let blue = Bitmap(width: 4, height: 4, fill: Color(red: 0, green: 0, blue: 255))
        let sheet = LabelledSheet(columns: ["a", "b"], rows: [.init(label: "r", cells: [red, blue])], labelScale: 1).render()
        // gap 8 | label "r" (5) | gap 8 | slot 12 | gap 8 | slot 6 | gap 8
        #expect(sheet.width == 8 + 5 + 8 + 12 + 8 + 6 + 8)
        // gap 8 | column labels (9) | gap 8 | row (max(9, 6 + 2) = 9) | gap 8
        #expect(sheet.height == 8 + 9 + 8 + 9 + 8)
        let redX = 8 + 5 + 8 + 1
        let redY = 8 + 9 + 8 + 1
        #expect(sheet.color(x: redX, y: redY) == red.color(x: 0, y: 0))
        #expect(sheet.color(x: redX + 9, y: redY + 5) == red.color(x: 0, y: 0))
        #expect(sheet.color(x: redX - 1, y: redY) == Color(red: 0xA0, green: 0xA0, blue: 0xA0))
        let blueX = 8 + 5 + 8 + 12 + 8 + 1
        let blueY = 8 + 9 + 8 + 2
        #expect(sheet.color(x: blueX, y: blueY) == blue.color(x: 0, y: 0))
        #expect(sheet.color(x: blueX + 3, y: blueY + 3) == blue.color(x: 0, y: 0))
        #expect(sheet.color(x: blueX + 4, y: blueY) == Color(red: 0xA0, green: 0xA0, blue: 0xA0))
    }

    @Test func transparencyShowsTheCheckerboard() {
        let clear = Bitmap(width: 8, height: 8)
        let sheet = LabelledSheet(columns: [""], rows: [.init(label: "", cells: [clear])], labelScale: 1).render()
        let x = 8 + 0 + 8 + 1
        let y = 8 + 9 + 8 + 1
        #expect(sheet.color(x: x, y: y) == Color(red: 0xE4, green: 0xE4, blue: 0xE4))
        #expect(sheet.color(x: x + 4, y: y) == .white)
        #expect(sheet.color(x: x + 4, y: y + 4) == Color(red: 0xE4, green: 0xE4, blue: 0xE4))
    }

    @Test func theSameInputsGiveTheSameBytes() throws {
        let make = {
            LabelledSheet(
                columns: ["loading", "loaded"],
                rows: [.init(label: "3x2 @2x", cells: [Bitmap(width: 6, height: 4, fill: .black), Bitmap(width: 6, height: 4)])]
            )
            .render()
        }
        #expect(try PNGCodec.encode(make()) == PNGCodec.encode(make()))
    }
}
