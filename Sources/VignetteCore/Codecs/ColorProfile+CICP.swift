import CLCMS

extension ColorProfile {
    /// A profile for colour described only by CICP code points (ITU-T
    /// H.273, as in an AVIF's `nclx` box), built by lcms2 from the
    /// primaries' and white point's chromaticities and the transfer
    /// curve, so it converts to sRGB like an embedded profile. Nil when
    /// the code points already mean sRGB (nothing to convert) or name
    /// colour Vignette does not convert; such pixels stay as stored.
    ///
    /// - Primaries: BT.709 (1; 2, unspecified, counts as BT.709), BT.470M
    ///   (4), BT.470BG (5), BT.601 (6), SMPTE 240M (7), generic film (8),
    ///   BT.2020 (9), DCI-P3 (11), Display P3 (12), EBU 3213 (22).
    /// - Transfer: sRGB (13; 2, unspecified, counts as sRGB). The camera
    ///   curves of BT.709, BT.601 and BT.2020 (1, 6, 14, 15) are shown with
    ///   the sRGB curve, as Chromium shows them, so a BT.709 image is
    ///   untouched and a BT.2020 one only has its primaries converted.
    ///   Gamma 2.2 (4), gamma 2.8 (5), SMPTE 240M (7) and linear (8) are
    ///   converted exactly. HDR curves (PQ 16, HLG 18) and the rest are
    ///   not converted: tone mapping is beyond an 8-bit sRGB decode.
    ///
    /// The same code points always give the same profile bytes (lcms2's
    /// creation date is zeroed), so its transform is cached as any other.
    ///
    /// ```swift
    /// let p3 = ColorProfile(cicpPrimaries: 12, transfer: 13)      // Display P3
    /// p3?.convertToSRGB(&rgba, width: width, height: height)
    /// ```
    package init?(cicpPrimaries primaries: Int, transfer: Int) {
        let primaries = primaries == 2 ? 1 : primaries
        let curve = CICPCurve(transfer)
        guard let chromaticities = Self.cicpChromaticities[primaries], let curve else { return nil }
        if primaries == 1 && curve == .sRGB { return nil }
        guard
            let bytes = Self.cicpProfiles.withLock({ $0[CICPKey(primaries: primaries, curve: curve)] })
                ?? Self.makeCICPProfile(chromaticities, curve: curve, primaries: primaries)
        else { return nil }
        self.init(bytes: bytes)
    }

    /// Red, green, blue, white (x, y) of each supported primaries code point.
    static let cicpChromaticities: [Int: [Double]] = {
        let d65 = [0.3127, 0.3290]
        let illuminantC = [0.310, 0.316]
        let p3 = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
        return [
            1: [0.640, 0.330, 0.300, 0.600, 0.150, 0.060] + d65,
            4: [0.67, 0.33, 0.21, 0.71, 0.14, 0.08] + illuminantC,
            5: [0.64, 0.33, 0.29, 0.60, 0.15, 0.06] + d65,
            6: [0.630, 0.340, 0.310, 0.595, 0.155, 0.070] + d65,
            7: [0.630, 0.340, 0.310, 0.595, 0.155, 0.070] + d65,
            8: [0.681, 0.319, 0.243, 0.692, 0.145, 0.049] + illuminantC,
            9: [0.708, 0.292, 0.170, 0.797, 0.131, 0.046] + d65,
            11: p3 + [0.314, 0.351],
            12: p3 + d65,
            22: [0.630, 0.340, 0.295, 0.605, 0.155, 0.077] + d65
        ]
    }()

    /// Transfer curves Vignette converts, each as an lcms2 parametric curve
    /// from encoded values to linear light.
    enum CICPCurve: Hashable, Sendable {
        case sRGB, gamma22, gamma28, smpte240, linear

        init?(_ code: Int) {
            switch code {
            case 1, 2, 6, 13, 14, 15: self = .sRGB
            case 4: self = .gamma22
            case 5: self = .gamma28
            case 7: self = .smpte240
            case 8: self = .linear
            default: return nil
            }
        }

        /// lcms2's parametric type and its parameters.
        var parametric: (type: Int32, params: [Double]) {
            switch self {
            case .sRGB: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
            case .gamma22: (1, [2.2, 0, 0, 0, 0])
            case .gamma28: (1, [2.8, 0, 0, 0, 0])
            // SMPTE 240M encodes V = 1.1115 L^0.45 - 0.1115 above L = 0.0228, 4 L below.
            case .smpte240: (4, [1 / 0.45, 1 / 1.1115, 0.1115 / 1.1115, 1 / 4, 0.0913])
            case .linear: (1, [1, 0, 0, 0, 0])
            }
        }
    }

    struct CICPKey: Hashable, Sendable {
        var primaries: Int
        var curve: CICPCurve
    }

    /// Profiles built so far, by code points (at most 10 × 5 of them, < 1 KiB each).
    private static let cicpProfiles = Locked<[CICPKey: [UInt8]]>([:])

    private static func makeCICPProfile(_ xy: [Double], curve: CICPCurve, primaries: Int) -> [UInt8]? {
        let (type, params) = curve.parametric
        var length = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        let rc = buffer.withUnsafeMutableBufferPointer { out in
            vg_icc_rgb_profile_create(xy, type, params, out.baseAddress, out.count, &length)
        }
        guard Int(rc) == VG_ICC_CONVERTED, length > 0 else { return nil }
        let bytes = Array(buffer.prefix(length))
        cicpProfiles.withLock { $0[CICPKey(primaries: primaries, curve: curve)] = bytes }
        return bytes
    }
}
