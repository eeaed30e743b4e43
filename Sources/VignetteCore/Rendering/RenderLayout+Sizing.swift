/// Sizing: what `Sizing` and an open side make of the canvas and of the
/// image's size on it — imgproxy's rules for fit (aspectFit), fill
/// (aspectFill), fill-down (aspectFill with `fillDown`) and force
/// (scaleToFill), with `enlarge`, `extend` and `extendAspectRatio`, worked
/// out in the surface's pixels (its scale is imgproxy's `dpr`, but never
/// lowered to avoid enlarging as imgproxy's is). An open side (width or
/// height 0) follows the image's aspect ratio in every scaling mode, force
/// included (imgproxy's force keeps the source's side there: nobody writing
/// `300x0` means a squashed image).
///
/// Fixed-size modes (center, edges, corners) draw the image at its size in
/// points; with `enlarge` off no larger than its pixels, and with `extend`
/// off the canvas shrinks to it like any other mode's.
extension RenderLayout {
    /// The longest canvas side a layout makes (the surface's own limit).
    static let maxSide = 32768

    /// The canvas in pixels and the image's rectangle on it in points,
    /// before focus moves it.
    struct Frame: Sendable, Hashable {
        /// Canvas width in pixels.
        var width: Int
        /// Canvas height in pixels.
        var height: Int
        /// The image's rectangle in points (may exceed the canvas).
        var rect: Rect
        /// The canvas an open side asked for when it was over the limits
        /// (`maxSide` a side, `ImageRenderer.maxPixelCount` in all); the
        /// canvas is then clamped to them.
        var overflow: PixelSize?
    }

    /// The frame of an image of `imageSize` points and `pixels` on a
    /// surface of `size` points (a side of exactly 0 is open) at `scale`.
    static func frame(
        imageSize: Size, pixels: PixelSize, mode: ContentMode, sizing: Sizing, size: Size, scale: Double
    ) -> Frame {
        let (requestedWidth, requestedHeight) = ImageRenderer.pixelSize(of: size, scale: scale)
        let open = (width: size.width == 0, height: size.height == 0)
        // UIKit's layout, untouched: the default renders stay byte-identical.
        let uikit = Frame(width: requestedWidth, height: requestedHeight, rect: mode.rect(for: imageSize, in: size))
        if sizing.enlarge, sizing.extend, !open.width, !open.height { return uikit }
        var drawn = drawnSize(imageSize, in: size, mode: mode, open: open)
        let capped = !sizing.enlarge && cap(&drawn, pixels: pixels, scale: scale)
        if !capped, sizing.extend, !open.width, !open.height { return uikit }
        drawn = Size(width: max(drawn.width, 1 / scale), height: max(drawn.height, 1 / scale))
        let covered = (width: wholePixels(drawn.width * scale), height: wholePixels(drawn.height * scale))
        var canvas = (
            width: open.width ? covered.width : requestedWidth, height: open.height ? covered.height : requestedHeight
        )
        if !sizing.extend, !open.width, !open.height {
            canvas = shrunk(canvas, to: covered, mode: mode, sizing: sizing)
        } else if !sizing.extend {
            canvas = (min(canvas.width, covered.width), min(canvas.height, covered.height))
        }
        let overflow = limited(&canvas, open: open)
        let bounds = Size(width: Double(canvas.width) / scale, height: Double(canvas.height) / scale)
        // Scaling modes have done their scaling: what is left is centring.
        let placement: ContentMode = [.aspectFit, .aspectFill, .scaleToFill].contains(mode) ? .center : mode
        return Frame(width: canvas.width, height: canvas.height, rect: placement.rect(for: drawn, in: bounds), overflow: overflow)
    }

    /// The image's size in points under `mode` before `enlarge`: force with
    /// both sides given is the bounds; fit, fill and force with an open side
    /// scale by the one ratio it leaves (none when both are open); fixed
    /// modes keep the image's size.
    static func drawnSize(_ image: Size, in bounds: Size, mode: ContentMode, open: (width: Bool, height: Bool)) -> Size {
        let rx = bounds.width / image.width
        let ry = bounds.height / image.height
        switch mode {
        case .scaleToFill where !open.width && !open.height:
            return bounds
        case .aspectFit, .aspectFill, .scaleToFill:
            let ratio: Double
            switch open {
            case (true, true): ratio = 1
            case (true, false): ratio = ry
            case (false, true): ratio = rx
            case (false, false): ratio = mode == .aspectFit ? min(rx, ry) : max(rx, ry)
            }
            return Size(width: image.width * ratio, height: image.height * ratio)
        default:
            return image
        }
    }

    /// Scales `drawn` (points) down, keeping its aspect ratio, so that no
    /// side covers more surface pixels than the image has; true when it did.
    static func cap(_ drawn: inout Size, pixels: PixelSize, scale: Double) -> Bool {
        let over = max(drawn.width * scale / Double(pixels.width), drawn.height * scale / Double(pixels.height))
        guard over > 1 else { return false }
        drawn = Size(width: drawn.width / over, height: drawn.height / over)
        return true
    }

    /// `extend` off with both sides given: the canvas is what the image
    /// covers of it — for fill-down (enlarge off) the largest part of the
    /// image with the surface's aspect ratio — then, with
    /// `extendAspectRatio`, grown back to the surface's aspect ratio.
    static func shrunk(
        _ canvas: (width: Int, height: Int), to covered: (width: Int, height: Int), mode: ContentMode, sizing: Sizing
    ) -> (width: Int, height: Int) {
        let requested = (width: Double(canvas.width), height: Double(canvas.height))
        guard requested.width > 0, requested.height > 0 else { return canvas }
        var crop = canvas
        if mode == .aspectFill, sizing.fillDown, !sizing.enlarge {
            let dx = requested.width / Double(covered.width)
            let dy = requested.height / Double(covered.height)
            if dx > dy, dx > 1 {
                crop = (covered.width, wholePixels(Double(covered.width) * requested.height / requested.width))
            } else if dy > dx, dy > 1 {
                crop = (wholePixels(Double(covered.height) * requested.width / requested.height), covered.height)
            }
        }
        var out = (width: min(crop.width, covered.width), height: min(crop.height, covered.height))
        guard sizing.extendAspectRatio else { return out }
        let dx = requested.width / Double(out.width)
        let dy = requested.height / Double(out.height)
        if dy > dx {
            out.height = max(out.height, wholePixels(Double(out.width) * requested.height / requested.width))
        } else if dx > dy {
            out.width = max(out.width, wholePixels(Double(out.height) * requested.width / requested.height))
        }
        return out
    }

    /// Clamps the open sides of `canvas` to `maxSide` and the pixel limit;
    /// returns the canvas asked for when it did.
    static func limited(_ canvas: inout (width: Int, height: Int), open: (width: Bool, height: Bool)) -> PixelSize? {
        let asked = PixelSize(width: canvas.width, height: canvas.height)
        canvas = (min(canvas.width, maxSide), min(canvas.height, maxSide))
        if canvas.width * canvas.height > ImageRenderer.maxPixelCount {
            if open.width {
                canvas.width = max(1, ImageRenderer.maxPixelCount / max(1, canvas.height))
            } else {
                canvas.height = max(1, ImageRenderer.maxPixelCount / max(1, canvas.width))
            }
        }
        return asked == PixelSize(width: canvas.width, height: canvas.height) ? nil : asked
    }

    /// `v` rounded half away from zero (imgproxy's rounding), at least 1
    /// and at most 10⁹.
    static func wholePixels(_ v: Double) -> Int {
        guard v.isFinite else { return v > 0 ? 1_000_000_000 : 1 }
        return Int(max(1, min(1e9, v.rounded())))
    }
}
