/// The outline that clips a surface — background, image, overlays and
/// border — like a layer with `masksToBounds`; outside it the surface is
/// transparent, and its edge is anti-aliased from exact coverage. The
/// default, `.rectangle`, clips nothing.
///
/// ```swift
/// let avatar = ImageDescriptor(url, contentMode: .aspectFill).shape(.circle)
/// let card = ImageDescriptor(url, contentMode: .aspectFill).shape(.roundedRect(cornerRadius: 12))
/// ```
public enum ImageShape: Sendable, Hashable, CustomStringConvertible {
    /// The whole surface (no clipping).
    case rectangle
    /// The surface with its corners rounded by circular arcs of this radius,
    /// in points (limited to half the shorter side).
    case roundedRect(cornerRadius: Double)
    /// The surface with fully rounded short ends (a pill).
    case capsule
    /// The largest circle centred in the surface.
    case circle

    /// True when a corner radius is finite and ≥ 0.
    package var isValid: Bool {
        guard case .roundedRect(let radius) = self else { return true }
        return radius.isFinite && radius >= 0
    }

    /// `rect`, `circle`, `capsule`, `rounded:12` — as the CLI's `--shape` takes it.
    public var description: String {
        switch self {
        case .rectangle: "rect"
        case .roundedRect(let radius): "rounded:\(Size.format(radius))"
        case .capsule: "capsule"
        case .circle: "circle"
        }
    }
}
