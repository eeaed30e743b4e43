import CLoader
import Foundation
import Testing

/// CLoader, which opens libavif, libheif and libcurl on first use: a
/// library that cannot be opened, lacks a symbol or is refused by its
/// check leaves nothing open and says why, and a failure is not
/// remembered — the next call tries again. zlib stands in for the three.
@Suite struct LibraryLoaderTests {
    /// One library's state, as each shim keeps a static one.
    final class Library {
        let state = UnsafeMutablePointer<vg_library>.allocate(capacity: 1)
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: 2)

        init() { state.initialize(to: vg_library()) }
        deinit { state.deallocate() }

        /// `vg_library_open` with these file and symbol names.
        func open(
            _ files: [String], _ names: [String], validate: (@convention(c) (UnsafeMutablePointer<CChar>?, Int) -> Int32)? = nil
        ) -> Bool {
            let fileNames = files.map { strdup($0) }
            let symbolNames = names.map { strdup($0) }
            defer { for name in fileNames + symbolNames { free(name) } }
            let files = fileNames.map { UnsafePointer($0) }
            let symbols = symbolNames.map { UnsafePointer($0) }
            return slots.withUnsafeMutableBufferPointer { slots in
                vg_library_open(state, files, files.count, symbols, slots.baseAddress, names.count, validate) != 0
            }
        }

        var failure: String {
            var buffer = [CChar](repeating: 0, count: 320)
            _ = vg_library_failure(state, &buffer, buffer.count)
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    @Test func aLibraryThatCannotBeOpenedIsTriedAgainNextTime() {
        let library = Library()
        #expect(!library.open(["/nonexistent/libz.so.1"], ["zlibVersion"]))
        #expect(library.failure.contains("/nonexistent/libz.so.1"))
        #expect(library.slots[0] == nil)
        #expect(library.open(["libz.so.1"], ["zlibVersion"]))
        #expect(library.failure.isEmpty)
        #expect(library.slots[0] != nil)
    }

    @Test func theFirstFileThatOpensIsUsedAndTheFirstNamesReasonIsKept() {
        let library = Library()
        #expect(!library.open(["/nonexistent/a.so", "/nonexistent/b.so"], ["zlibVersion"]))
        #expect(library.failure.contains("/nonexistent/a.so"))
        #expect(library.open(["/nonexistent/a.so", "libz.so.1"], ["zlibVersion", "deflate"]))
        #expect(library.slots.allSatisfy { $0 != nil })
    }

    @Test func aMissingSymbolOrARefusalLeavesNothingOpen() {
        let library = Library()
        #expect(!library.open(["libz.so.1"], ["zlibVersion", "vg_no_such_symbol"]))
        #expect(library.failure == "libz.so.1 has no symbol vg_no_such_symbol")
        #expect(library.slots.allSatisfy { $0 == nil })
        let refused = library.open(["libz.so.1"], ["zlibVersion"]) { failure, length in
            _ = strncpy(failure!, "built for another version", length)
            return 0
        }
        #expect(!refused)
        #expect(library.failure == "built for another version")
        #expect(library.slots[0] == nil)
    }

    @Test func onceOpenItStaysOpenAndItsSlotsAreNotWrittenAgain() {
        let library = Library()
        #expect(library.open(["libz.so.1"], ["zlibVersion"]))
        let opened = library.slots[0]
        library.slots[0] = nil
        #expect(library.open(["/nonexistent/libz.so.1"], ["zlibVersion"]))
        #expect(library.slots[0] == nil && opened != nil)
    }
}
