#if Vapor
    import Foundation
    import Vignette

    extension ImageDescriptor where Reference == URL {
        /// A product photo: fills its frame, cropped around the middle, on
        /// a light grey backdrop while it loads.
        public static func productImage(_ url: URL) -> Self {
            ImageDescriptor(url, contentMode: .aspectFill, background: .placeholderGray, accessibilityIdentifier: "productImage")
        }

        /// A person's photo in a circle: what the `avatar` preset serves.
        public static func avatar(_ url: URL) -> Self {
            ImageDescriptor(url, contentMode: .aspectFill, accessibilityIdentifier: "avatar").shape(.circle)
        }
    }
#endif
