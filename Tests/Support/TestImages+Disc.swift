import VignetteCore

extension TestImages {
    /// Dark blue ink of `disc`.
    public static let ink = Color(red: 30, green: 60, blue: 160)
    /// Off-white paper of `disc`.
    public static let paper = Color(red: 250, green: 248, blue: 240)

    /// A disc with exact 16×16-sample coverage per pixel: the anti-aliased
    /// edge a vector renderer draws, at any sub-pixel centre.
    public static func disc(
        centerX: Double, centerY: Double, radius: Double = 11, size: Int = 40,
        ink: Color = ink, paper: Color = paper
    ) -> Bitmap {
        var bitmap = Bitmap(width: size, height: size, fill: paper)
        for y in 0..<size {
            for x in 0..<size {
                var covered = 0
                for sy in 0..<16 {
                    for sx in 0..<16 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 16 - centerX
                        let dy = Double(y) + (Double(sy) + 0.5) / 16 - centerY
                        if dx * dx + dy * dy <= radius * radius { covered += 1 }
                    }
                }
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) * covered + Int(b) * (256 - covered) + 128) / 256) }
                bitmap[x, y] =
                    Color(
                        red: mix(ink.red, paper.red), green: mix(ink.green, paper.green),
                        blue: mix(ink.blue, paper.blue)
                    ).premultiplied
            }
        }
        return bitmap
    }
}
