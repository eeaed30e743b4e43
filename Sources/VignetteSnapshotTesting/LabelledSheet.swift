import VignetteCore

/// A grid of images with a label over each column and beside each row,
/// written in the bundled Noto Sans through `TextImage`: the sheet
/// `DescriptorStates` records, usable for any set of renders that belong in
/// one reference. Each image sits over a light checkerboard (so transparency
/// shows) inside a one-pixel frame, centred in its slot. Integer layout, and
/// labels shaped by HarfBuzz and filled by the package's own rasterizer: the
/// same bytes everywhere. Where HarfBuzz or ICU cannot be opened, `render()`
/// throws `TextImage.Error.libraryUnavailable` naming the one to install —
/// never a sheet with other labels.
///
/// ```swift
/// let sheet = try LabelledSheet(columns: ["before", "after"],
///                               rows: [.init(label: "40x30 @2x", cells: [before, after])]).render()
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
    /// The labels' font size in points (pixels: the sheet is drawn at scale 1).
    public var labelSize: Double

    /// A sheet, labelled at `labelSize` points.
    public init(columns: [String], rows: [Row], labelSize: Double = 13) {
        self.columns = columns
        self.rows = rows
        self.labelSize = labelSize
    }

    /// Space around and between slots, in pixels.
    static let gap = 8
    static let paper = Color.white
    static let frame = Color(red: 0xA0, green: 0xA0, blue: 0xA0)
    static let checker = Color(red: 0xE4, green: 0xE4, blue: 0xE4)

    /// The sheet, at scale 1; throws when the labels cannot be drawn (HarfBuzz or ICU
    /// missing: the error names the library to install; a `labelSize` that is not positive).
    public func render() throws(TextImage.Error) -> Bitmap {
        let gap = Self.gap
        let labels = try SheetLabels(size: labelSize)
        let text = labels.lineHeight
        let titles = try columns.map { (title) throws(TextImage.Error) in try labels.image(title) }
        let rowLabels = try rows.map { (row) throws(TextImage.Error) in try labels.image(row.label) }
        let count = max(columns.count, rows.map(\.cells.count).max() ?? 0)
        let widths = (0..<count).map { column in
            max(
                column < titles.count ? titles[column].width : 0,
                rows.map { column < $0.cells.count ? $0.cells[column].width + 2 : 0 }.max() ?? 0)
        }
        let heights = rows.map { row in max(text, (row.cells.map(\.height).max() ?? 0) + 2) }
        let labelWidth = rowLabels.map(\.width).max() ?? 0
        let lefts = widths.indices.map { gap + labelWidth + gap + widths[..<$0].reduce(0) { $0 + $1 + gap } }
        let tops = heights.indices.map { gap + text + gap + heights[..<$0].reduce(0) { $0 + $1 + gap } }
        let width = (lefts.last.map { $0 + widths[widths.count - 1] } ?? gap + labelWidth) + gap
        let height = (tops.last.map { $0 + heights[heights.count - 1] } ?? gap + text) + gap
        var sheet = Bitmap(width: width, height: height, fill: Self.paper)
        for (column, title) in titles.enumerated() where column < count {
            sheet.draw(title, x: lefts[column] + (widths[column] - title.width) / 2, y: gap)
        }
        for (index, row) in rows.enumerated() {
            sheet.draw(rowLabels[index], x: gap, y: tops[index] + (heights[index] - text) / 2)
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
