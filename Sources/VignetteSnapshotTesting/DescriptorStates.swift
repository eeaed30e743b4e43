import Foundation
import VignetteCore
import VignetteTesting

/// What the `.states` snapshot strategy renders for a remote descriptor: one labelled sheet showing
/// it in every state — loading placeholder, loaded image, failure
/// placeholder — on surfaces of each size and scale, so one reference
/// pins what a user sees before, after and instead of the image.
///
/// Every cell comes from a real `ImageSurface` driven through
/// `apply`/`load` with the placeholders you pass (or the environment's), so
/// each placeholder keeps its own content mode, tint and background exactly
/// as in the app. The loading cell is the surface while a fixture load is
/// held open; the loaded cell loads through `loader` (typically a
/// `FixtureLoader`, whose requests then show the shrink-on-load options of
/// each surface); the failed cell fails with `failure` (HTTP 404 unless
/// given). No network, no real time.
///
/// ```swift
/// @Test func productImage() async throws {
///     let fixtures = FixtureLoader([url: .image(photo)])
///     await assertImageSnapshot(of: .productImage(url),
///                               as: .states(sizes: [Size(width: 120, height: 80)], scales: [1, 2],
///                                           loader: fixtures, placeholders: placeholders))
/// }
/// ```
public struct DescriptorStates: Sendable {
    /// What a cell shows.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// The loading placeholder, while the load is in flight.
        case loading
        /// The image, with the remote descriptor's presentation.
        case loaded
        /// The failure placeholder, after the load failed.
        case failed
    }

    /// The surface sizes, in points: one group of rows each.
    public var sizes: [Size]
    /// The surface scales: one row per size and scale.
    public var scales: [Double]
    /// The states, one column each, in this order.
    public var shown: [State]
    /// Loads the image of the loaded cells.
    public var loader: any ImageLoading
    /// The placeholders; nil uses `ImageEnvironment.current.placeholders`.
    public var placeholders: ImageSurface.Placeholders?
    /// The error of the failed cells; nil is HTTP 404 for the descriptor's URL.
    public var failure: ImageRequest.Error?
    /// Share of pixels that must match the reference (see `ImageComparison`).
    public var precision: Double
    /// How close each pixel must be to count as matching (see `ImageComparison`).
    public var perceptualPrecision: Double
    /// Whether anti-aliasing is classified, and forgiven (see `ImageComparison`).
    public var antiAliasing: ImageComparison.AntiAliasing
    /// At most this many pixels may fail (see `ImageComparison.maxDifferentPixels`).
    public var maxDifferentPixels: Int?

    /// Every state in `shown` (all three by default) on a surface of each
    /// of `sizes` at each of `scales`. As a strategy: `.states(_:)`, or
    /// `.states(sizes:…)` directly. A tolerance left nil takes the scope's
    /// default (see `ImageSnapshotDefaults`), else exact.
    public init(
        sizes: [Size], scales: [Double] = [1], loader: any ImageLoading,
        placeholders: ImageSurface.Placeholders? = nil, failure: ImageRequest.Error? = nil,
        shown: [State] = State.allCases, precision: Double? = nil, perceptualPrecision: Double? = nil,
        antiAliasing: ImageComparison.AntiAliasing? = nil, maxDifferentPixels: Int? = nil
    ) {
        self.sizes = sizes
        self.scales = scales
        self.shown = shown
        self.loader = loader
        self.placeholders = placeholders
        self.failure = failure
        let comparison = ImageSnapshotDefaults.comparison(
            precision: precision, perceptualPrecision: perceptualPrecision, ignoring: [],
            antiAliasing: antiAliasing, maxDifferentPixels: maxDifferentPixels)
        self.precision = comparison.precision
        self.perceptualPrecision = comparison.perceptualPrecision
        self.antiAliasing = comparison.antiAliasing
        self.maxDifferentPixels = comparison.maxDifferentPixels
    }

    /// One rendered cell.
    public struct Cell: Sendable {
        /// The state shown.
        public var state: State
        /// The surface's size in points.
        public var size: Size
        /// The surface's scale.
        public var scale: Double
        /// Where the surface was when it rendered.
        public var loadState: ImageSurface.LoadState
        /// What it rendered.
        public var image: Bitmap

        /// `120x80 @2x`: the row label of the cell.
        package var rowLabel: String { DescriptorStates.rowLabel(size: size, scale: scale) }
    }

    /// Every cell, row by row (sizes, then scales), each row in `shown` order.
    public func cells(of remote: ImageDescriptor<URL>) async throws(Error) -> [Cell] {
        guard !sizes.isEmpty, !scales.isEmpty, !shown.isEmpty else { throw .nothingToRender }
        var cells: [Cell] = []
        for size in sizes {
            for scale in scales {
                for state in shown { cells.append(try await cell(state, of: remote, size: size, scale: scale)) }
            }
        }
        return cells
    }

    /// The labelled sheet: a column per state, a row per size and scale.
    public func sheet(of remote: ImageDescriptor<URL>) async throws(Error) -> Bitmap {
        let cells = try await cells(of: remote)
        let rows = stride(from: 0, to: cells.count, by: shown.count).map { start in
            LabelledSheet.Row(label: cells[start].rowLabel, cells: cells[start..<start + shown.count].map(\.image))
        }
        do { return try LabelledSheet(columns: shown.map(\.rawValue), rows: rows).render() } catch { throw .labels(error) }
    }

    /// `120x80 @2x`, `12.5x8 @1.5x`.
    package static func rowLabel(size: Size, scale: Double) -> String { "\(size) @\(Size.format(scale))x" }

    /// One state on a fresh surface, through the surface's own remote path.
    private func cell(_ state: State, of remote: ImageDescriptor<URL>, size: Size, scale: Double) async throws(Error) -> Cell {
        let surface: ImageSurface
        do { surface = try ImageSurface(size: size, scale: scale) } catch { throw .invalidSurface(size, scale: scale, error) }
        let url = remote.reference
        switch state {
        case .loading:
            // Held open until the surface is cleared, which cancels it.
            let task = surface.apply(remote, placeholders: placeholders, using: FixtureLoader([url: .pending]))
            let cell = Cell(state: state, size: size, scale: scale, loadState: surface.loadState, image: surface.render())
            surface.clear()
            _ = await task?.value
            return cell
        case .loaded:
            let loadState = await surface.load(remote, placeholders: placeholders, using: loader)
            guard case .loaded = loadState else { throw .notLoaded(url, loadState) }
            return Cell(state: state, size: size, scale: scale, loadState: loadState, image: surface.render())
        case .failed:
            let error = failure ?? .loadingFailed(.httpStatus(url, status: 404, retryAfter: nil), attempts: 1)
            let loadState = await surface.load(remote, placeholders: placeholders, using: FixtureLoader([url: .failure(error)]))
            return Cell(state: state, size: size, scale: scale, loadState: loadState, image: surface.render())
        }
    }
}

extension DescriptorStates {
    /// Why no sheet could be made.
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        /// `sizes`, `scales` or `shown` is empty.
        case nothingToRender
        /// A size and scale no surface accepts.
        case invalidSurface(Size, scale: Double, ImageSurface.Error)
        /// The loader did not deliver the image for a loaded cell.
        case notLoaded(URL, ImageSurface.LoadState)
        /// The labels could not be drawn: HarfBuzz or ICU, which the bundled font is drawn
        /// with, could not be opened (`TextImage.Error.libraryUnavailable` names the package to install).
        case labels(TextImage.Error)

        /// What went wrong and what to change.
        public var description: String {
            switch self {
            case .nothingToRender:
                "nothing to render: give at least one size, one scale and one state"
            case .invalidSurface(let size, let scale, let error):
                "no surface of \(size) @\(Size.format(scale))x: \(error)"
            case .notLoaded(let url, let state):
                "the loader did not deliver \(url.absoluteString) for the loaded cells (\(state)); "
                    + "give it the image, e.g. FixtureLoader([url: .image(bitmap)])"
            case .labels(let error):
                "the sheet's labels could not be drawn, so no sheet was made (a sheet without them would not match "
                    + "its reference on any other machine): \(error)"
            }
        }
    }
}
