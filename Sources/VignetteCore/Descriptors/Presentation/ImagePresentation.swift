/// Everything a descriptor draws beyond UIKit's four properties (content
/// mode, tint, background, accessibility identifier), as one value: focus,
/// shape, border, overlays, effects, backdrop and sizing. Every field is off
/// by default, so a default presentation draws exactly as UIKit does.
///
/// A descriptor keeps it whole — ``ImageDescriptor/map(_:)`` carries it
/// unchanged to the decoded descriptor — and its modifiers set one field each:
///
/// ```swift
/// let avatar = ImageDescriptor(url, contentMode: .aspectFill).shape(.circle).focus(.smart)
/// let card = ImageDescriptor(url, contentMode: .aspectFill, presentation: avatar.presentation)
/// ```
public struct ImagePresentation: Sendable, Hashable {
    /// Which part of the image a cropping layout keeps (default: the centre).
    public var focus: Focus
    /// The outline that clips the surface (default `.rectangle`: none).
    public var shape: ImageShape
    /// A stroke inside the shape's edge, above the image.
    public var border: Border?
    /// Local descriptors drawn above the image, in order.
    public var overlays: [ImageOverlay]
    /// Changes to the image's pixels, in order.
    public var effects: [ImageEffect]
    /// A background made from the image itself, over the descriptor's background.
    public var backdrop: Backdrop?
    /// How the image's own size bends the layout (default: UIKit's).
    public var sizing: Sizing

    /// A presentation; every argument left out is off.
    public init(
        focus: Focus = .anchor(.center), shape: ImageShape = .rectangle, border: Border? = nil,
        overlays: [ImageOverlay] = [], effects: [ImageEffect] = [], backdrop: Backdrop? = nil, sizing: Sizing = .standard
    ) {
        self.focus = focus
        self.shape = shape
        self.border = border
        self.overlays = overlays
        self.effects = effects
        self.backdrop = backdrop
        self.sizing = sizing
    }
}
