import Foundation
import Vignette

extension RenderParameters {
    /// The declared text parameters' values: a required one must be given,
    /// and each is counted in Unicode scalars against its `maxLength` (a
    /// string of combining marks counts each mark) before any work.
    static func texts(_ values: [String: String], declared: [TextParameter]) throws(Error) -> [String: String] {
        var texts: [String: String] = [:]
        for parameter in declared {
            guard let value = values[parameter.name], !value.isEmpty else {
                if parameter.required { throw .missing(parameter.name) }
                continue
            }
            // The UTF-8 bytes bound the scalars: count them only when they could be over.
            if value.utf8.count > parameter.maxLength {
                let length = value.unicodeScalars.count
                guard length <= parameter.maxLength else { throw .textTooLong(parameter.name, length: length, limit: parameter.maxLength) }
            }
            texts[parameter.name] = value
        }
        return texts
    }
}

extension RenderParameters.Error {
    /// Whether the request is at fault (400): a text over its budgets. Text
    /// that cannot be drawn for the server's reasons (no fonts, HarfBuzz
    /// missing) is the server's (500).
    package var isClientError: Bool {
        guard case .textRefused(_, let error) = self else { return true }
        switch error {
        case .tooLong, .tooManyGlyphs, .tooManyLines, .tooLarge: return true
        case .noFonts, .invalidValue, .analysisFailed, .libraryUnavailable: return false
        }
    }

    /// `title: the text shapes to more than 4000 glyphs, this preset's limit (maxGlyphs)`.
    static func textMessage(_ name: String, _ error: TextImage.Error) -> String {
        switch error {
        case .tooLong(let count, let limit): "\(name): \(count) UTF-16 units; this preset's limit is \(limit) (2 × maxLength)"
        case .tooManyGlyphs(let limit): "\(name): the text shapes to more than \(limit) glyphs, this preset's limit (maxGlyphs)"
        case .tooManyLines(let limit): "\(name): the text lays out in more than \(limit) lines, this preset's limit (maxLines)"
        default: "\(name): \(error)"
        }
    }
}
