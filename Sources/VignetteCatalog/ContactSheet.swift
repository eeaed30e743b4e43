import Vignette

/// Lays renders out on a grid of cells, each on a checkerboard (so
/// transparency shows), scaled down to fit a cell when larger, with what it
/// shows written under it in the bundled Noto Sans (`TextImage`): wrapped to
/// the cell's width at the line-break opportunities of UAX #14 (after a `-`
/// or a space), two lines at most, the second ending in … when more was left.
enum ContactSheet {
    static let cell = 200, gutter = 16, columns = 6
    static let ink = Color(red: 0x33, green: 0x33, blue: 0x33)
    static let paper = Color(red: 0xFA, green: 0xFA, blue: 0xFA)
    /// The labels' style: 11 pt, which is 11 px, as the sheet is drawn at scale 1.
    static let labelStyle = TextStyle(size: 11, color: ink)

    /// Two lines of the label font (its own line height) and a little space above them.
    static func labelHeight() throws(TextImage.Error) -> Int { 4 + (try label("A\nA").height) }

    /// A row's height: the cell, its label and the gutter.
    static func rowHeight() throws(TextImage.Error) -> Int { cell + (try labelHeight()) + gutter }

    /// `text` as drawn under a cell: `cell` pixels wide, a line or two tall, ink on transparent.
    static func label(_ text: String) throws(TextImage.Error) -> Bitmap {
        try TextImage(text, style: labelStyle, width: Double(cell), maxLines: 2).bitmap(forScale: 1)
    }

    /// Cells in order, left to right; an image whose `startsRow` is set
    /// begins a new row (so a group of renders lines up).
    static func make(_ images: [(image: Bitmap, startsRow: Bool, label: String)]) throws -> Bitmap {
        var cells: [Int] = []
        for item in images {
            let next = cells.last.map { $0 + 1 } ?? 0
            cells.append(item.startsRow && next % columns != 0 ? (next / columns + 1) * columns : next)
        }
        let rowHeight = try rowHeight()
        let rows = max(1, ((cells.last ?? 0) + columns) / columns)
        let width = gutter + columns * (cell + gutter)
        let height = gutter + rows * rowHeight
        var sheet = Bitmap(width: width, height: height, fill: paper)
        for ((image, _, label), index) in zip(images, cells) {
            let x = gutter + (index % columns) * (cell + gutter)
            let y = gutter + (index / columns) * rowHeight
            if !label.isEmpty { sheet.draw(try Self.label(label), x: x, y: y + cell + 4) }
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
