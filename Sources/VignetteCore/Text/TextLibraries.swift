import CBrotli
import CHarfBuzz
import CICU

/// HarfBuzz and ICU are opened with the first font read or text drawn, not
/// at process start: linked directly, they and what they pull in (FreeType,
/// Graphite, GLib, ICU's data) are mapped and relocated by every process,
/// text or none. One that cannot be opened is a typed error naming it and
/// what to install.
package enum TextLibraries {
    /// Why HarfBuzz could not be opened (opening it if it is not), or nil when it is open.
    package static var harfBuzzFailure: String? { libraryFailure { vg_hb_library_failure($0, $1) } }
    /// Why ICU could not be opened (opening it if it is not), or nil when it is open.
    package static var icuFailure: String? { libraryFailure { vg_icu_library_failure($0, $1) } }
    /// Why libbrotlidec (WOFF2's decompressor) could not be opened (opening it if it is not), or nil when it is open.
    package static var brotliFailure: String? { libraryFailure { vg_brotli_library_failure($0, $1) } }
    /// libbrotlidec's version (`1.0.9`); call after ``brotliFailure`` said it is open.
    package static var brotliVersion: String {
        let v = vg_brotli_version()
        return "\(v >> 24).\(v >> 12 & 0xFFF).\(v & 0xFFF)"
    }
    /// HarfBuzz's version (`8.3.0`); call after ``harfBuzzFailure`` said it is open.
    package static var harfBuzzVersion: String { String(cString: vg_hb_version()) }
    /// The version of the ICU opened (`72.1`); call after ``icuFailure`` said it is open.
    package static var icuVersion: String { String(cString: vg_icu_version()) }

    /// Opens both, or throws for the first that cannot be opened.
    static func require() throws(TextImage.Error) {
        if vg_hb_load() == 0 { throw .libraryUnavailable(library: "HarfBuzz", reason: harfBuzzFailure ?? "") }
        if vg_icu_load() == 0 { throw .libraryUnavailable(library: "ICU", reason: icuFailure ?? "") }
    }

    /// Opens HarfBuzz (reading a font needs nothing else), or throws.
    static func requireHarfBuzz() throws(Font.Error) {
        if vg_hb_load() == 0 { throw .libraryUnavailable(library: "HarfBuzz", reason: harfBuzzFailure ?? "") }
    }

    /// The error's words: the library, the loader's reason, and what to install.
    static func unavailable(_ library: String, reason: String) -> String {
        "\(library) could not be loaded (\(reason)): install \(installable(library))"
    }

    private static func installable(_ library: String) -> String {
        #if os(macOS)
            switch library {
            case "ICU": return "icu4c (brew install icu4c)"
            case "libbrotlidec": return "brotli (brew install brotli)"
            default: return "harfbuzz (brew install harfbuzz)"
            }
        #else
            // The ICU the headers were is the one named; the loader finds another major version too.
            let icu = "libicu\(vg_icu_header_major())"
            switch library {
            case "ICU": return "\(icu) (apt-get install \(icu) on Debian and Ubuntu; another ICU 50 or later is found too)"
            case "libbrotlidec": return "libbrotli1 (apt-get install libbrotli1 on Debian and Ubuntu)"
            default: return "libharfbuzz0b (apt-get install libharfbuzz0b on Debian and Ubuntu)"
            }
        #endif
    }
}
