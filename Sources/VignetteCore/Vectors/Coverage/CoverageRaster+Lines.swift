/// Walking an edge, in 24.8 fixed point, through the rows and then the
/// pixels it crosses.
extension CoverageRaster {
    /// An edge already within `0…width × 0…height` (in 1/256 px).
    mutating func addFixedLine(x0: Int, y0: Int, x1: Int, y1: Int) {
        guard y0 != y1 else { return }
        let sign: Int32 = y0 < y1 ? 1 : -1
        let (ax, ay, bx, by) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let firstRow = ay >> 8
        let lastRow = min(height - 1, (by - 1) >> 8)
        guard firstRow <= lastRow else { return }
        work += lastRow - firstRow + 1
        rows = (min(rows.low, firstRow), max(rows.high, lastRow))
        columns = (min(columns.low, min(ax, bx) >> 8), max(columns.high, max(ax, bx) >> 8))
        var xa = ax
        var ya = ay
        for row in firstRow...lastRow {
            let bottom = (row + 1) << 8
            let yb = min(by, bottom)
            let xb = yb == by ? bx : ax + (bx - ax) * (yb - ay) / (by - ay)
            addRowPiece(row: row, xa: xa, ya: ya - (row << 8), xb: xb, yb: yb - (row << 8), sign: sign)
            xa = xb
            ya = yb
        }
    }

    /// A piece within one row (`ya`, `yb` in 0…256 from the row's top), cell by cell.
    private mutating func addRowPiece(row: Int, xa: Int, ya: Int, xb: Int, yb: Int, sign: Int32) {
        let base = row * (width + 2)
        let low = min(xa, xb)
        let high = max(xa, xb)
        let firstCell = low >> 8
        let lastCell = high > low ? (high - 1) >> 8 : firstCell
        if firstCell == lastCell {
            addCell(base + firstCell, x0: xa - (firstCell << 8), y0: ya, x1: xb - (firstCell << 8), y1: yb, sign: sign)
            return
        }
        let step = xa < xb ? 1 : -1
        var cell = xa < xb ? firstCell : lastCell
        var px = xa
        var py = ya
        while true {
            let boundary = step > 0 ? (cell + 1) << 8 : cell << 8
            let done = step > 0 ? boundary >= xb : boundary <= xb
            let nx = done ? xb : boundary
            let ny = done ? yb : ya + (yb - ya) * (boundary - xa) / (xb - xa)
            addCell(base + cell, x0: px - (cell << 8), y0: py, x1: nx - (cell << 8), y1: ny, sign: sign)
            if done { return }
            px = nx
            py = ny
            cell += step
        }
    }

    /// A piece within one pixel: its signed height and the area left of it.
    @inline(__always)
    private mutating func addCell(_ index: Int, x0: Int, y0: Int, x1: Int, y1: Int, sign: Int32) {
        let dy = Int32(truncatingIfNeeded: y1 - y0) &* sign
        guard dy != 0 else { return }
        let area = dy &* Int32(truncatingIfNeeded: x0 + x1)
        cells[index] &+= dy &* Int32(2 * Self.one) &- area
        cells[index + 1] &+= area
    }
}
