import ArgumentParser
import Foundation
import Vignette

// The argument parser keeps the order of one option's values but not the
// order between options, and `--overlay-position` means "of the overlay
// before it". So the raw argument list is scanned once for this group's
// names only (the parser has read and checked every value already: the scan
// only interleaves them), and the scan must find exactly as many of each as
// the parser did, or the command is refused rather than guessed.

extension PresentationOptions {
    /// The options whose order matters, as they are spelled.
    enum OrderedName: String, CaseIterable, Sendable {
        case overlay = "--overlay"
        case text = "--overlay-text"
        case font = "--overlay-font"
        case color = "--overlay-color"
        case maxLines = "--overlay-max-lines"
        case align = "--overlay-align"
        case position = "--overlay-position"
        case offset = "--overlay-offset"
        case size = "--overlay-size"
        case opacity = "--overlay-opacity"
        case tile = "--overlay-tile"
        case unclipped = "--overlay-unclipped"
        case blur = "--blur"
        case grayscale = "--grayscale"
        case sharpen = "--sharpen"

        /// Whether the option takes a value (the next argument, or after `=`).
        var takesValue: Bool { ![.tile, .unclipped, .grayscale].contains(self) }
    }

    /// The names of this group in `arguments`, in order. A value option's
    /// value is the next argument (or follows `=`) and is skipped, as the
    /// parser takes it; nothing after `--` is an option.
    static func scan(_ arguments: [String]) -> [OrderedName] {
        var names: [OrderedName] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { break }
            if let name = OrderedName(rawValue: argument) {
                names.append(name)
                if name.takesValue { index += 1 }
            } else if let equals = argument.firstIndex(of: "="),
                let name = OrderedName(rawValue: String(argument[..<equals])), name.takesValue
            {
                names.append(name)
            }
        }
        return names
    }

    /// The overlays, each with the `--overlay-*` options that follow it,
    /// and the effects, in the order `arguments` (the raw command line)
    /// gives them.
    func ordered(in arguments: [String]) throws -> Ordered {
        let names = Self.scan(arguments)
        let counts: [(OrderedName, Int)] = [
            (.overlay, overlay.count), (.text, overlayText.count), (.font, overlayFont.count), (.color, overlayColor.count),
            (.maxLines, overlayMaxLines.count), (.align, overlayAlign.count), (.position, overlayPosition.count), (.offset, overlayOffset.count),
            (.size, overlaySize.count), (.opacity, overlayOpacity.count), (.tile, overlayTile), (.unclipped, overlayUnclipped),
            (.blur, blur.count),
            (.grayscale, grayscale), (.sharpen, sharpen.count)
        ]
        for (name, count) in counts where names.count(where: { $0 == name }) != count {
            throw ValidationError("\(name.rawValue): cannot tell the order of the options; write each as \(name.rawValue) VALUE")
        }
        var result = Ordered()
        var next: [OrderedName: Int] = [:]
        var given: Set<OrderedName> = []
        for name in names {
            let index = next[name, default: 0]
            next[name] = index + 1
            if let effect = effect(name, index) {
                result.effects.append(effect)
                continue
            }
            if name == .overlay || name == .text {
                result.overlays.append(name == .overlay ? OverlaySpec(path: overlay[index]) : OverlaySpec(path: "", text: overlayText[index]))
                given = []
                continue
            }
            guard let last = result.overlays.last else {
                throw ValidationError("\(name.rawValue) applies to the --overlay FILE or --overlay-text TEXT before it: give one first")
            }
            if [.font, .color, .maxLines, .align].contains(name), last.text == nil {
                throw ValidationError("\(name.rawValue) applies to --overlay-text TEXT, not to --overlay \(last.path)")
            }
            guard given.insert(name).inserted else {
                throw ValidationError("\(name.rawValue) is given twice for \(last.text.map { "--overlay-text \($0)" } ?? "--overlay \(last.path)")")
            }
            modify(&result.overlays[result.overlays.count - 1], name, index)
        }
        return result
    }

    private func effect(_ name: OrderedName, _ index: Int) -> ImageEffect? {
        switch name {
        case .blur: .blur(sigma: blur[index])
        case .grayscale: .grayscale
        case .sharpen: .sharpen(amount: sharpen[index])
        default: nil
        }
    }

    private func modify(_ spec: inout OverlaySpec, _ name: OrderedName, _ index: Int) {
        switch name {
        case .position: spec.anchor = overlayPosition[index]
        case .offset: spec.offset = overlayOffset[index]
        case .size: spec.size = overlaySize[index]
        case .opacity: spec.opacity = overlayOpacity[index]
        case .tile: spec.tiled = true
        case .unclipped: spec.clipsToShape = false
        case .font:
            let color = spec.style.color
            let alignment = spec.style.alignment
            spec.style = overlayFont[index]
            (spec.style.color, spec.style.alignment) = (color, alignment)
        case .color: spec.style.color = overlayColor[index]
        case .maxLines: spec.maxLines = overlayMaxLines[index]
        case .align: spec.style.alignment = overlayAlign[index]
        default: break
        }
    }
}
