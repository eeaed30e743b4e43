import Foundation
import SnapshotTesting
import VignetteCore

extension Snapshotting where Value == ImageDescriptor<URL>, Format == Bitmap {
    /// A remote descriptor in every state on one labelled sheet (see
    /// `DescriptorStates`): every state in `shown` (all three by default) on
    /// a surface of each of `sizes` at each of `scales`, compared as a PNG
    /// with `precision`, `perceptualPrecision`, `antiAliasing` and
    /// `maxDifferentPixels` (nil: the scope's default, see `ImageSnapshotDefaults`).
    ///
    /// A strategy like any other: it pulls back to your own values, and it
    /// delivers its sheet once the surfaces have loaded, so await it:
    ///
    /// ```swift
    /// @Test func productImageStates() async {
    ///     let fixtures = FixtureLoader([url: .image(photo)])
    ///     await assertImageSnapshot(of: .productImage(url),
    ///                               as: .states(sizes: [Size(width: 120, height: 80)], scales: [1, 2], loader: fixtures))
    /// }
    /// ```
    ///
    /// When no sheet can be made (the loader does not deliver, no sizes) the
    /// assertion fails with the reason. swift-snapshot-testing's own
    /// `assertSnapshot`/`verifySnapshot` run it too, with their folder and
    /// record rules; they block the calling thread until the sheet arrives
    /// (within `timeout:`), so call them off Swift Testing's cooperative
    /// pool — or await `assertImageSnapshot`, which blocks nothing.
    public static func states(
        sizes: [Size], scales: [Double] = [1], loader: any ImageLoading,
        placeholders: ImageSurface.Placeholders? = nil, failure: ImageRequest.Error? = nil,
        shown: [DescriptorStates.State] = DescriptorStates.State.allCases, precision: Double? = nil,
        perceptualPrecision: Double? = nil, antiAliasing: ImageComparison.AntiAliasing? = nil, maxDifferentPixels: Int? = nil
    ) -> Snapshotting<ImageDescriptor<URL>, Bitmap> {
        .states(
            DescriptorStates(
                sizes: sizes, scales: scales, loader: loader, placeholders: placeholders, failure: failure,
                shown: shown, precision: precision, perceptualPrecision: perceptualPrecision,
                antiAliasing: antiAliasing, maxDifferentPixels: maxDifferentPixels))
    }

    /// The sheet of a configured `DescriptorStates`, as a strategy.
    public static func states(_ states: DescriptorStates) -> Snapshotting<ImageDescriptor<URL>, Bitmap> {
        Snapshotting(
            pathExtension: "png",
            diffing: .image(
                ImageComparison(
                    precision: states.precision, perceptualPrecision: states.perceptualPrecision,
                    antiAliasing: states.antiAliasing, maxDifferentPixels: states.maxDifferentPixels)),
            asyncSnapshot: { remote in
                Async { callback in
                    let deliver = Delivery(callback)
                    Task {
                        do {
                            deliver.callback(try await states.sheet(of: remote))
                        } catch {
                            SnapshotDelivery.report("could not render the states of \(remote.reference.absoluteString): \(error)")
                            deliver.callback(Bitmap(width: 0, height: 0))
                        }
                    }
                }
            })
    }
}

/// Carries a strategy's callback into the task that renders the sheet.
/// Unchecked: swift-snapshot-testing's callbacks are not `Sendable`, but
/// each is called once, and only from that task.
private struct Delivery: @unchecked Sendable {
    let callback: (Bitmap) -> Void

    init(_ callback: @escaping (Bitmap) -> Void) { self.callback = callback }
}
