import Vignette

/// Lays renders out on a grid of cells, each on a checkerboard (so
/// transparency shows), scaled down to fit a cell when larger, with what it
/// shows written under it in `LabelFont` (up to two lines).
enum ContactSheet {
    static let cell = 200, gutter = 16, columns = 6
    /// Two lines of `LabelFont` and a little space above them.
    static let labelHeight = 4 + 2 * LabelFont.height()
    /// A row's height: the cell, its label and the gutter.
    static let rowHeight = cell + labelHeight + gutter
    static let ink = Color(red: 0x33, green: 0x33, blue: 0x33)

    /// Cells in order, left to right; an image whose `startsRow` is set
    /// begins a new row (so a group of renders lines up).
    static func make(_ images: [(image: Bitmap, startsRow: Bool, label: String)]) throws -> Bitmap {
        var cells: [Int] = []
        for item in images {
            let next = cells.last.map { $0 + 1 } ?? 0
            cells.append(item.startsRow && next % columns != 0 ? (next / columns + 1) * columns : next)
        }
        let rows = max(1, ((cells.last ?? 0) + columns) / columns)
        let width = gutter + columns * (cell + gutter)
        let height = gutter + rows * rowHeight
        var sheet = Bitmap(width: width, height: height, fill: Color(red: 0xFA, green: 0xFA, blue: 0xFA))
        for ((image, _, label), index) in zip(images, cells) {
            let x = gutter + (index % columns) * (cell + gutter)
            let y = gutter + (index / columns) * rowHeight
            for (line, text) in lines(of: label).enumerated() {
                LabelFont.draw(text, into: &sheet, x: x, y: y + cell + 4 + line * LabelFont.height(), color: ink)
            }
            drawCheckerboard(on: &sheet, x: x, y: y)
            // Show renders at their pixel size; shrink only what does not fit.
            let fits = image.width <= cell && image.height <= cell
            let mode: ContentMode = fits ? .center : .aspectFit
            let pixels = try ImageRenderer.render(
                ImageDescriptor(withScale(image, 1), contentMode: mode),
                size: Size(width: Double(cell), height: Double(cell)), scale: 1)
            sheet.draw(pixels, x: x, y: y)
        }
        return sheet
    }

    /// `label` in at most two lines that fit a cell: broken after a `-`,
    /// `.` or space where one falls in the first line, the rest cut with `..`.
    static func lines(of label: String) -> [String] {
        func fitting(_ text: Substring) -> Substring {
            var end = text.endIndex
            while LabelFont.width(of: String(text[..<end])) > cell, end > text.startIndex { end = text.index(before: end) }
            return text[..<end]
        }
        let first = fitting(label[...])
        guard first.endIndex < label.endIndex else { return [label] }
        let breakAt = first.lastIndex(where: { "-. ".contains($0) }).map { label.index(after: $0) } ?? first.endIndex
        let rest = label[breakAt...]
        var second = fitting(rest)
        if second.endIndex < rest.endIndex { second = fitting(second.dropLast(2)) + ".." }
        return [String(label[..<breakAt]), String(second)]
    }

    private static func withScale(_ image: Bitmap, _ scale: Double) -> Bitmap {
        var copy = image
        copy.scale = scale
        return copy
    }

    private static func drawCheckerboard(on sheet: inout Bitmap, x: Int, y: Int) {
        let square = 10
        sheet.fill(PixelRect(minX: x, minY: y, maxX: x + cell, maxY: y + cell), with: .white)
        for row in 0..<(cell / square) {
            for column in 0..<(cell / square) where (row + column) % 2 == 1 {
                let left = x + column * square
                let top = y + row * square
                sheet.fill(
                    PixelRect(minX: left, minY: top, maxX: left + square, maxY: top + square),
                    with: Color(red: 0xE4, green: 0xE4, blue: 0xE4))
            }
        }
    }
}
