// The names the DocC articles' examples use without defining them, as an app
// would have them at hand. Everything else an example needs, it defines.
import Foundation

/// A product photo on a CDN: the `url` of the examples.
let url = URL(string: "https://cdn.example.com/products/door@2x.png")!

/// A page of product photos: the `urls` of the prefetching examples.
let urls = (1...60).map { URL(string: "https://cdn.example.com/products/\($0)@2x.png")! }
