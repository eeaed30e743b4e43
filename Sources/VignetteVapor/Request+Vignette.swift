#if Vapor
    import Foundation
    import Vapor
    import Vignette
    import VignetteServer

    extension Application {
        /// The pipeline this app's routes load images through
        /// (`request.imagePipeline`): `ImagePipeline.shared` until you set
        /// one, e.g. a `RenderService`'s, so routes and the render service
        /// share one memory cache, disk cache and coalescing.
        public var imagePipeline: ImagePipeline {
            get { storage[PipelineKey.self] ?? .shared }
            set { storage[PipelineKey.self] = newValue }
        }

        private struct PipelineKey: StorageKey {
            typealias Value = ImagePipeline
        }
    }

    extension Request {
        /// The app's image pipeline (`Application.imagePipeline`).
        public var imagePipeline: ImagePipeline { application.imagePipeline }

        /// Loads `descriptor` through the app's pipeline onto a surface of
        /// `size` points at `scale` and renders it: the image, or the
        /// failure placeholder with the failure (then a 404 or 502 reply).
        /// A surface too large or empty throws.
        ///
        /// ```swift
        /// app.get("products", ":id", "image") { request async throws -> RenderedImage in
        ///     try await request.renderImage(.productImage(url), size: Size(width: 300, height: 300), scale: 2,
        ///                                   cacheControl: "public, max-age=86400")
        /// }
        /// ```
        public func renderImage(
            _ descriptor: ImageDescriptor<URL>, size: Size, scale: Double = 1, placeholders: ImageSurface.Placeholders? = nil,
            formats: [ImageFormat] = [.webp, .jpeg], cacheControl: String? = nil
        ) async throws(ImageSurface.Error) -> RenderedImage {
            let surface = try ImageSurface(size: size, scale: scale)
            let state = await surface.load(descriptor, placeholders: placeholders, using: imagePipeline)
            var failure: ImageRequest.Error?
            if case .failed(_, let error) = state { failure = error }
            return RenderedImage(surface.render(), formats: formats, cacheControl: cacheControl, failure: failure)
        }
    }
#endif
