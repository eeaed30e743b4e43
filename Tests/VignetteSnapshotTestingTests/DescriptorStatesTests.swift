import Foundation
import Testing
import VignetteCatalog
import VignetteCore
import VignetteSnapshotTesting
import VignetteTestSupport
import VignetteTesting

/// One remote descriptor in every state on one labelled sheet, through the
/// real surface path with fixtures: the sheet is pinned under
/// `Snapshots/DescriptorStatesTests/`, and each placeholder keeps its own
/// presentation (the Kingfisher bug: the image's content mode applied to
/// the placeholder).
@Suite(.timeLimit(.minutes(30))) struct DescriptorStatesTests {
    let url = URL(string: "https://shop.example/products/parrots.jpg")!
    let placeholders = ImageSurface.Placeholders(loading: DemoImages.loading, failure: DemoImages.failure)

    /// The product photo as the server sends it: JPEG bytes, decoded (and
    /// shrunk on load) by the real decoders for each surface.
    func fixtures() throws -> FixtureLoader {
        let jpeg = try Data(
            contentsOf: Fixtures.repositoryRoot
                .appendingPathComponent("Sources/VignetteCatalog/Resources/product-parrots.jpg"))
        return FixtureLoader([url: .data(jpeg)])
    }

    func states(_ loader: any ImageLoading, placeholders: ImageSurface.Placeholders) -> DescriptorStates {
        DescriptorStates(
            sizes: [Size(width: 120, height: 80), Size(width: 56, height: 72)], scales: [1, 2],
            loader: loader, placeholders: placeholders)
    }

    @Test func productImage() async throws {
        let fixtures = try fixtures()
        await assertImageSnapshot(
            of: DemoImages.productImage(url),
            as: .states(
                sizes: [Size(width: 120, height: 80), Size(width: 56, height: 72)], scales: [1, 2],
                loader: fixtures, placeholders: placeholders),
            named: "sheet")
        // One load per loaded cell, each with its surface's shrink-on-load target. (A closure, not the
        // key path `\.options.shrinkTarget?.size`: the Swift 6.3 runtime's projection of that key
        // path copies between overlapping stack buffers, which AddressSanitizer stops on.)
        #expect(
            fixtures.requests.map { $0.options.shrinkTarget?.size } == [
                PixelSize(width: 120, height: 80), PixelSize(width: 240, height: 160),
                PixelSize(width: 56, height: 72), PixelSize(width: 112, height: 144)
            ])
    }

    /// The loading cells show the photo's own blur: a BlurHash and a
    /// ThumbHash of the same photo (kodim23) as the loading placeholder.
    @Test func hashPlaceholdersWhileLoading() async throws {
        let blurhash = ImageDescriptor(try BlurHash("LFF=X1uJ0L8yxeEMXj-OEMvzx[OY"), contentMode: .scaleToFill)
        let thumbhash = ImageDescriptor(try ThumbHash("GRkGFYYKQ5xqmLZ2iWeXd25QBYdX"), contentMode: .scaleToFill)
        for (name, loading) in [("blurhash", blurhash.erased), ("thumbhash", thumbhash.erased)] {
            await assertImageSnapshot(
                of: DemoImages.productImage(url),
                as: .states(
                    sizes: [Size(width: 120, height: 80), Size(width: 56, height: 72)], scales: [1, 2],
                    loader: try fixtures(), placeholders: placeholders.loading(loading)),
                named: name)
        }
    }

    @Test func placeholdersKeepTheirOwnPresentation() async throws {
        let remote = DemoImages.productImage(url)
        let cells = try await states(try fixtures(), placeholders: placeholders).cells(of: remote)
        #expect(cells.map(\.state) == Array(repeating: [.loading, .loaded, .failed], count: 4).flatMap { $0 })
        for cell in cells where cell.state != .loaded {
            let placeholder = cell.state == .loading ? DemoImages.loading : DemoImages.failure
            let direct = try ImageSurface(size: cell.size, scale: cell.scale)
            try direct.apply(placeholder)
            // Exactly the placeholder applied on its own…
            #expect(cell.image == direct.render(), "\(cell.state) at \(cell.rowLabel)")
            // …which the bug (the image's aspectFill on the placeholder) would not give.
            let buggy = try ImageSurface(size: cell.size, scale: cell.scale)
            try buggy.apply(placeholder.contentMode(remote.contentMode))
            #expect(cell.image != buggy.render(), "\(cell.state) at \(cell.rowLabel)")
        }
    }

    @Test func theRecordedSheetCatchesThePlaceholderTakingTheImagesContentMode() async throws {
        let reference = SnapshotFolder.directory(forTestFile: #filePath).appendingPathComponent("productImage.sheet.png")
        let recorded = try PNGCodec.decode(Data(contentsOf: reference))
        let remote = DemoImages.productImage(url)
        let mode = remote.contentMode
        let buggyPlaceholders = ImageSurface.Placeholders(
            loading: DemoImages.loading.contentMode(mode),
            failure: DemoImages.failure.contentMode(mode))
        let correct = try await states(try fixtures(), placeholders: placeholders).sheet(of: remote)
        let buggy = try await states(try fixtures(), placeholders: buggyPlaceholders).sheet(of: remote)
        #expect(correct == recorded)
        #expect(buggy.width == recorded.width && buggy.height == recorded.height)
        #expect(!ImageComparison().compare(recorded, buggy).matches)
    }

    @Test func aMismatchFailsThroughTheSnapshotMachinery() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-states-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/Fake"), withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let testFile = root.appendingPathComponent("Tests/Fake/FakeTests.swift").path
        let remote = DemoImages.productImage(url)
        let small = DescriptorStates(sizes: [Size(width: 40, height: 30)], loader: try fixtures(), placeholders: placeholders)
        let sheet = try await small.sheet(of: remote)
        let file = root.appendingPathComponent("Snapshots/FakeTests/states.sheet.png")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.encode(sheet).write(to: file)

        #expect(
            await verifyImageSnapshot(
                of: remote, as: .states(small), named: "sheet", record: .never,
                filePath: testFile, testName: "states()") == nil)
        var buggy = small
        buggy.placeholders = placeholders.loading(DemoImages.loading.contentMode(.aspectFill))
        let message = try #require(
            await verifyImageSnapshot(
                of: remote, as: .states(buggy), named: "sheet", record: .never,
                filePath: testFile, testName: "states()"))
        #expect(message.contains(file.path))
    }

    @Test func loadedCellsNeedTheLoaderToDeliver() async throws {
        let remote = DemoImages.productImage(url)
        let broken = DescriptorStates(sizes: [Size(width: 40, height: 30)], loader: FixtureLoader([url: .httpStatus(500)]))
        await #expect(throws: DescriptorStates.Error.self) { try await broken.sheet(of: remote) }
        do {
            _ = try await broken.sheet(of: remote)
        } catch {
            #expect(error.description.contains(url.absoluteString) && error.description.contains("HTTP 500"))
        }
        // The loading and failed cells alone need no image.
        var placeholdersOnly = broken
        placeholdersOnly.shown = [.loading, .failed]
        #expect(
            try await placeholdersOnly.cells(of: remote).map(\.loadState.description) == [
                "loading \(url.absoluteString)", "failed: \(url.absoluteString): HTTP 404"
            ])
    }

    @Test func badConfigurationsSayWhy() async throws {
        let remote = DemoImages.productImage(url)
        let none = DescriptorStates(sizes: [], loader: try fixtures())
        await #expect(throws: DescriptorStates.Error.self) { try await none.sheet(of: remote) }
        let invalid = DescriptorStates(sizes: [Size(width: 10, height: 10)], scales: [0], loader: try fixtures())
        do {
            _ = try await invalid.sheet(of: remote)
            Issue.record("a zero scale rendered")
        } catch {
            #expect(error.description.hasPrefix("no surface of 10x10 @0x"))
        }
        await withKnownIssue {
            await assertImageSnapshot(of: remote, as: .states(none), named: "never-recorded")
        }
    }

    @Test func rowLabelsNameSizeAndScale() {
        #expect(DescriptorStates.rowLabel(size: Size(width: 120, height: 80), scale: 2) == "120x80 @2x")
        #expect(DescriptorStates.rowLabel(size: Size(width: 12.5, height: 8), scale: 1.5) == "12.5x8 @1.5x")
    }

    /// Without HarfBuzz there is no sheet (one labelled otherwise would be another reference): the error says what to install.
    @Test func unlabelledSheetsNameTheLibraryToInstall() {
        let missing = TextImage.Error.libraryUnavailable(library: "HarfBuzz", reason: "libharfbuzz.so.0: cannot open")
        let description = DescriptorStates.Error.labels(missing).description
        #expect(description.hasPrefix("the sheet's labels could not be drawn, so no sheet was made"))
        #expect(description.hasSuffix("install libharfbuzz0b (apt-get install libharfbuzz0b on Debian and Ubuntu)"))
    }
}
