/// The render contract for values out of range: every renderer — a
/// surface's `render()` and `render(within:)`, `ImageRenderer.render`,
/// animations, the server — draws a descriptor with its presentation
/// clamped to the nearest allowed value, so the same descriptor gives the
/// same pixels everywhere. Text a stranger writes (CLI flags, URL
/// parameters, YAML presets) never gets this far: `PresentationSyntax`
/// refuses it with a typed error naming the range, and
/// `ImageRenderer.validatePresentation` is the same check for values built
/// in code.
extension ImagePresentation {
    /// The largest length in points a clamped value keeps: beyond it every
    /// radius, border and offset draws the same on the largest surface.
    static let maxLength = 1e6

    /// Each value clamped into its range (NaN to the default).
    package var clamped: ImagePresentation {
        var copy = self
        copy.focus = focus.clamped
        copy.shape = shape.clamped
        copy.border = border.map { Border(width: Self.clamp($0.width, 0...Self.maxLength, nan: 0), color: $0.color) }
        copy.effects = effects.map(\.clamped)
        copy.backdrop = backdrop.map { backdrop in
            switch backdrop {
            case .blurredImage(let sigma): .blurredImage(sigma: Self.clamp(sigma, 0...ImageEffect.maxSigma, nan: 0))
            }
        }
        copy.overlays = overlays.map(\.clamped)
        return copy
    }

    /// `value` within `range`; NaN becomes `nan`.
    static func clamp(_ value: Double, _ range: ClosedRange<Double>, nan: Double) -> Double {
        value.isNaN ? nan : min(max(value, range.lowerBound), range.upperBound)
    }
}

extension ImageDescriptor {
    /// The descriptor with its presentation clamped (see `ImagePresentation.clamped`).
    package var clampingPresentation: Self {
        var copy = self
        copy.presentation = presentation.clamped
        return copy
    }
}

extension Focus {
    /// A focal point within 0...1 on each axis (NaN: the centre).
    var clamped: Focus {
        guard case .point(let x, let y) = self else { return self }
        return .point(x: ImagePresentation.clamp(x, 0...1, nan: 0.5), y: ImagePresentation.clamp(y, 0...1, nan: 0.5))
    }
}

extension ImageShape {
    /// A corner radius ≥ 0 (NaN: square corners).
    var clamped: ImageShape {
        guard case .roundedRect(let radius) = self else { return self }
        return .roundedRect(cornerRadius: ImagePresentation.clamp(radius, 0...ImagePresentation.maxLength, nan: 0))
    }
}

extension ImageEffect {
    /// σ within 0...`maxSigma`, an amount within 0...`maxSharpenAmount` (NaN: no effect).
    var clamped: ImageEffect {
        switch self {
        case .blur(let sigma): .blur(sigma: ImagePresentation.clamp(sigma, 0...Self.maxSigma, nan: 0))
        case .grayscale: .grayscale
        case .sharpen(let amount): .sharpen(amount: ImagePresentation.clamp(amount, 0...Self.maxSharpenAmount, nan: 0))
        }
    }
}

extension ImageOverlay {
    /// A finite offset, a size ≥ 0, an opacity within 0...1 (NaN: 0, 0
    /// and 1), and the overlay's own presentation clamped.
    var clamped: ImageOverlay {
        let length = -ImagePresentation.maxLength...ImagePresentation.maxLength
        var copy = self
        copy.offset = Point(x: ImagePresentation.clamp(offset.x, length, nan: 0), y: ImagePresentation.clamp(offset.y, length, nan: 0))
        copy.size = size.map {
            Size(
                width: ImagePresentation.clamp($0.width, 0...ImagePresentation.maxLength, nan: 0),
                height: ImagePresentation.clamp($0.height, 0...ImagePresentation.maxLength, nan: 0))
        }
        copy.opacity = ImagePresentation.clamp(opacity, 0...1, nan: 1)
        copy.descriptor = descriptor.clampingPresentation
        return copy
    }
}
