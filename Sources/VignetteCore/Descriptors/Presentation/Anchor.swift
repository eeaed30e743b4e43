/// One of nine positions in a rectangle: its centre, an edge's midpoint or a
/// corner. Names where a crop keeps an image (`Focus`) and where an overlay
/// sits (`ImageOverlay`).
///
/// ```swift
/// let badge = Anchor(name: "bottom-right")  // .bottomRight
/// ```
public enum Anchor: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The centre.
    case center
    /// The middle of the top edge.
    case top
    /// The middle of the bottom edge.
    case bottom
    /// The middle of the left edge.
    case left
    /// The middle of the right edge.
    case right
    /// The top-left corner.
    case topLeft
    /// The top-right corner.
    case topRight
    /// The bottom-left corner.
    case bottomLeft
    /// The bottom-right corner.
    case bottomRight

    /// Parses a name as the CLI and presets write it — `top-left` — or as
    /// Swift spells the case — `topLeft`, in any letter case; nil for anything else.
    public init?(name: String) {
        guard let anchor = try? PresentationSyntax.anchor(name) else { return nil }
        self = anchor
    }

    /// The kebab-case name: `center`, `top-left`, `bottom-right` …
    public var name: String {
        switch self {
        case .topLeft: "top-left"
        case .topRight: "top-right"
        case .bottomLeft: "bottom-left"
        case .bottomRight: "bottom-right"
        default: rawValue
        }
    }

    /// The kebab-case name.
    public var description: String { name }

    /// Where the anchor lies horizontally: 0 left, 0.5 centre, 1 right.
    public var x: Double {
        switch self {
        case .left, .topLeft, .bottomLeft: 0
        case .center, .top, .bottom: 0.5
        case .right, .topRight, .bottomRight: 1
        }
    }

    /// Where the anchor lies vertically: 0 top, 0.5 centre, 1 bottom.
    public var y: Double {
        switch self {
        case .top, .topLeft, .topRight: 0
        case .center, .left, .right: 0.5
        case .bottom, .bottomLeft, .bottomRight: 1
        }
    }
}
