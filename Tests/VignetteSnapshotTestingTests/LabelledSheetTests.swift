import Foundation
import Testing
import VignetteCore
import VignetteSnapshotTesting

/// The labelled grid the states sheet is drawn on: images land unchanged,
/// framed, where the integer layout puts them, under labels in the bundled
/// font whose line height sets the label rows.
@Suite struct LabelledSheetTests {
    @Test func imagesLandUnchangedInFramedSlots() throws {
        let red = Bitmap(width: 10, height: 6, fill: Color(red: 255, green: 0, blue: 0))
        let blue = Bitmap(width: 6, height: 4, fill: Color(red: 0, green: 0, blue: 255))
        let sheet = try LabelledSheet(columns: ["a", "b"], rows: [.init(label: "r", cells: [red, blue])], labelSize: 11).render()
        let labels = try SheetLabels(size: 11)
        let r = try labels.width(of: "r")
        let text = labels.lineHeight
        #expect(text == 15, "Noto Sans: (1069 + 293) / 1000 of 11 px, rounded up")
        #expect(try labels.width(of: "a") <= 12 && labels.width(of: "b") <= 8, "the columns are as wide as their images")
        // gap 8 | label "r" | gap 8 | slot 12 | gap 8 | slot 8 | gap 8
        #expect(sheet.width == 8 + r + 8 + 12 + 8 + 8 + 8)
        // gap 8 | column labels (a line) | gap 8 | row (max(line, 6 + 2)) | gap 8
        #expect(sheet.height == 8 + text + 8 + text + 8)
        let redX = 8 + r + 8 + 1
        let redY = 8 + text + 8 + (text - 6) / 2
        #expect(sheet.color(x: redX, y: redY) == red.color(x: 0, y: 0))
        #expect(sheet.color(x: redX + 9, y: redY + 5) == red.color(x: 0, y: 0))
        #expect(sheet.color(x: redX - 1, y: redY) == Color(red: 0xA0, green: 0xA0, blue: 0xA0))
        let blueX = 8 + r + 8 + 12 + 8 + 1
        let blueY = 8 + text + 8 + (text - 4) / 2
        #expect(sheet.color(x: blueX, y: blueY) == blue.color(x: 0, y: 0))
        #expect(sheet.color(x: blueX + 5, y: blueY + 3) == blue.color(x: 0, y: 0))
        #expect(sheet.color(x: blueX + 6, y: blueY) == Color(red: 0xA0, green: 0xA0, blue: 0xA0))
    }

    @Test func labelsAreTheBundledFontDrawnInInk() throws {
        let labels = try SheetLabels(size: 13)
        let sheet = try LabelledSheet(columns: ["loaded"], rows: [.init(label: "", cells: [Bitmap(width: 2, height: 2)])]).render()
        let title = try labels.image("loaded")
        #expect(title.height == labels.lineHeight && title.width > 30)
        // The title is centred over its column, which is as wide as the title.
        var expected = Bitmap(width: title.width, height: title.height, fill: .white)
        expected.draw(title, x: 0, y: 0)
        for y in 0..<title.height {
            for x in 0..<title.width { #expect(sheet[8 + 8 + x, 8 + y] == expected[x, y]) }
        }
        #expect(try labels.image("").width == 0, "an empty label takes no room")
        #expect(throws: TextImage.Error.self) { try LabelledSheet(columns: ["a"], rows: [], labelSize: 0).render() }
    }

    @Test func transparencyShowsTheCheckerboard() throws {
        let clear = Bitmap(width: 8, height: 8)
        let sheet = try LabelledSheet(columns: [""], rows: [.init(label: "", cells: [clear])], labelSize: 11).render()
        let text = try SheetLabels(size: 11).lineHeight
        let x = 8 + 0 + 8 + 1
        let y = 8 + text + 8 + (text - 8) / 2
        #expect(sheet.color(x: x, y: y) == Color(red: 0xE4, green: 0xE4, blue: 0xE4))
        #expect(sheet.color(x: x + 4, y: y) == .white)
        #expect(sheet.color(x: x + 4, y: y + 4) == Color(red: 0xE4, green: 0xE4, blue: 0xE4))
    }

    @Test func theSameInputsGiveTheSameBytes() throws {
        let make = {
            try LabelledSheet(
                columns: ["loading", "loaded"],
                rows: [.init(label: "3x2 @2x", cells: [Bitmap(width: 6, height: 4, fill: .black), Bitmap(width: 6, height: 4)])]
            )
            .render()
        }
        #expect(try PNGCodec.encode(make()) == PNGCodec.encode(make()))
    }
}
