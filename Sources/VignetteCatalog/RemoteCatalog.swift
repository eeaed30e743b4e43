import Foundation
import Vignette

/// A product as a server-side model would hold it: its photo is an
/// `ImageFuture`, so the model is the image cache — nothing loads until the
/// photo is first needed, and every renderer showing the product shares one load.
package struct RemoteProduct: Sendable {
    /// Display name.
    package let name: String
    /// The photo, loaded lazily and once.
    package let photo: ImageFuture

    /// A product whose photo is `DemoImages.productImage(url)`.
    package init(name: String, url: URL, using loader: any ImageLoading) {
        self.name = name
        photo = ImageFuture(DemoImages.productImage(url), using: loader)
    }
}

extension Catalog {
    /// The remote part of the catalog: the bundled photos by `file:` URL
    /// plus one URL that deliberately fails (a photo that does not exist).
    package static func remoteProducts(using loader: any ImageLoading) -> [RemoteProduct] {
        ["door", "shutters", "statue", "parrots"].map { RemoteProduct(name: $0, url: productURL($0), using: loader) }
            + [RemoteProduct(name: "missing", url: productURL("missing"), using: loader)]
    }

    /// Renders the remote products the way a server renderer streams a page:
    /// every tile bound to its product's future shows the loading
    /// placeholder (frame one, captured before any load starts), the
    /// prefetcher then loads the photos at low priority — the futures join
    /// those loads — and each tile ends as the photo or the failure
    /// placeholder (frame two). Entries: `remote-<name>-loading@2x` and
    /// `remote-<name>@2x`.
    package static func remoteEntries(
        using pipeline: ImagePipeline = ImagePipeline(
            configuration: .init(memoryCacheBytes: 64 << 20))
    ) async throws -> [CatalogEntry] {
        let products = remoteProducts(using: pipeline)
        let size = Size(width: 120, height: 90)
        let scale = 2.0
        let tiles = try products.map { _ in try ImageSurface(size: size, scale: scale) }
        let loading = DemoImages.loading
        let failure = DemoImages.failure
        for (tile, product) in zip(tiles, products) {
            tile.apply(product.photo, placeholders: .init(loading: loading, failure: failure), startsLoading: false)
        }
        var entries = zip(tiles, products).compactMap { tile, product in
            tile.descriptor.map {
                CatalogEntry(
                    identifier: "remote-\(product.name)-loading@2x",
                    source: "ImageFuture(.productImage(\(product.name))) while loading",
                    size: size, scale: scale, descriptor: $0)
            }
        }
        let prefetcher = ImagePrefetcher(loader: pipeline)
        prefetcher.startPrefetching(with: products.map(\.photo.request))
        for product in products { product.photo.start() }
        for product in products { _ = try? await product.photo.value() }
        await prefetcher.waitUntilIdle()
        for (tile, product) in zip(tiles, products) {
            guard let final = tile.descriptor, tile.loadState.isFinal else { continue }
            let outcome = if case .loaded = tile.loadState { "loaded" } else { "failed, failure placeholder" }
            entries.append(
                CatalogEntry(
                    identifier: "remote-\(product.name)@2x",
                    source: "ImageFuture(.productImage(\(product.name))): \(outcome)",
                    size: size, scale: scale, descriptor: final))
        }
        return entries
    }
}
