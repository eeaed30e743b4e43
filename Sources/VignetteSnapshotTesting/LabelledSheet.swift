import VignetteCore

/// A grid of images with a label over each column and beside each row,
/// drawn with `LabelFont`: the sheet `DescriptorStates` records, usable for
/// any set of renders that belong in one reference. Each image sits over a
/// light checkerboard (so transparency shows) inside a one-pixel frame,
/// centred in its slot. Integer layout only: the same bytes everywhere.
///
/// ```swift
/// let sheet = LabelledSheet(columns: ["before", "after"],
///                           rows: [.init(label: "40x30 @2x", cells: [before, after])]).render()
/// await assertImageSnapshot(of: sheet, as: .image)
/// ```
public struct LabelledSheet: Sendable {
    /// One row: its label and its images, one per column.
    public struct Row: Sendable {
        /// Drawn left of the row.
        public var label: String
        /// The images, left to right (missing ones leave the slot empty).
        public var cells: [Bitmap]

        /// A row.
        public init(label: String, cells: [Bitmap]) {
            self.label = label
            self.cells = cells
        }
    }

    /// Column labels, left to right.
    public var columns: [String]
    /// Rows, top to bottom.
    public var rows: [Row]
    /// Pixels per font pixel of the labels.
    public var labelScale: Int

    /// A sheet.
    public init(columns: [String], rows: [Row], labelScale: Int = 2) {
        self.columns = columns
        self.rows = rows
        self.labelScale = max(1, labelScale)
    }

    /// Space around and between slots, in pixels.
    static let gap = 8
    static let paper = Color.white
    static let ink = Color(red: 0x22, green: 0x22, blue: 0x22)
    static let frame = Color(red: 0xA0, green: 0xA0, blue: 0xA0)
    static let checker = Color(red: 0xE4, green: 0xE4, blue: 0xE4)

    /// The sheet, at scale 1.
    public func render() -> Bitmap {
        let gap = Self.gap
        let text = LabelFont.height(scale: labelScale)
        let count = max(columns.count, rows.map(\.cells.count).max() ?? 0)
        let widths = (0..<count).map { column in
            max(
                column < columns.count ? LabelFont.width(of: columns[column], scale: labelScale) : 0,
                rows.map { column < $0.cells.count ? $0.cells[column].width + 2 : 0 }.max() ?? 0)
        }
        let heights = rows.map { row in max(text, (row.cells.map(\.height).max() ?? 0) + 2) }
        let labelWidth = rows.map { LabelFont.width(of: $0.label, scale: labelScale) }.max() ?? 0
        let lefts = widths.indices.map { gap + labelWidth + gap + widths[..<$0].reduce(0) { $0 + $1 + gap } }
        let tops = heights.indices.map { gap + text + gap + heights[..<$0].reduce(0) { $0 + $1 + gap } }
        let width = (lefts.last.map { $0 + widths[widths.count - 1] } ?? gap + labelWidth) + gap
        let height = (tops.last.map { $0 + heights[heights.count - 1] } ?? gap + text) + gap
        var sheet = Bitmap(width: width, height: height, fill: Self.paper)
        for (column, title) in columns.enumerated() where column < count {
            let x = lefts[column] + (widths[column] - LabelFont.width(of: title, scale: labelScale)) / 2
            LabelFont.draw(title, into: &sheet, x: x, y: gap, color: Self.ink, scale: labelScale)
        }
        for (index, row) in rows.enumerated() {
            LabelFont.draw(
                row.label, into: &sheet, x: gap, y: tops[index] + (heights[index] - text) / 2,
                color: Self.ink, scale: labelScale)
            for (column, image) in row.cells.enumerated() {
                let x = lefts[column] + (widths[column] - image.width) / 2
                let y = tops[index] + (heights[index] - image.height) / 2
                Self.place(image, on: &sheet, x: x, y: y)
            }
        }
        return sheet
    }

    /// A framed image over a checkerboard, its top-left pixel at (x, y).
    static func place(_ image: Bitmap, on sheet: inout Bitmap, x: Int, y: Int) {
        sheet.fill(PixelRect(minX: x - 1, minY: y - 1, maxX: x + image.width + 1, maxY: y + image.height + 1), with: frame)
        sheet.fill(PixelRect(minX: x, minY: y, maxX: x + image.width, maxY: y + image.height), with: paper)
        let square = 4
        for top in stride(from: 0, to: image.height, by: square) {
            for left in stride(from: (top / square) % 2 * square, to: image.width, by: 2 * square) {
                sheet.fill(
                    PixelRect(
                        minX: x + left, minY: y + top, maxX: x + min(left + square, image.width),
                        maxY: y + min(top + square, image.height)), with: checker)
            }
        }
        sheet.draw(image, x: x, y: y)
    }
}
