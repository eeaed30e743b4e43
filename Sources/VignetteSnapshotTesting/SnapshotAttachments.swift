import Foundation
import SnapshotTesting

#if canImport(Testing)
    import Testing
#endif
#if canImport(Darwin) && canImport(XCTest)
    @preconcurrency import XCTest
#endif

/// Hands a failing snapshot's images (reference, actual, diff, side by side)
/// to the running test, so `swift test --attachments-path DIR` collects them:
///
/// - under Swift Testing, as `Attachment`s of the current test;
/// - under XCTest on Apple platforms, as `XCTAttachment`s of an activity;
/// - under XCTest on Linux nothing: swift-corelibs-xctest has no attachment
///   API, so the artifact folder (`SNAPSHOT_ARTIFACTS`) is the only copy.
enum SnapshotAttachments {
    /// One attached file.
    struct Recorded: Sendable, Equatable {
        var name: String
        var bytes: [UInt8]
    }

    /// A test seam: when set, every attachment is also given to it (the
    /// real recording still happens).
    @TaskLocal static var observer: (@Sendable (Recorded) -> Void)?

    /// Attaches the `.data` attachments of a failed diff.
    static func record(_ attachments: [DiffAttachment], location: SnapshotLocation?) {
        var files: [Recorded] = []
        for attachment in attachments {
            if case .data(let data, let name) = attachment { files.append(Recorded(name: name, bytes: [UInt8](data))) }
        }
        guard !files.isEmpty else { return }
        for file in files { observer?(file) }
        if recordForSwiftTesting(files, location: location) { return }
        recordForXCTest(files)
    }

    /// True when a Swift Testing test is running (and took the files).
    private static func recordForSwiftTesting(_ files: [Recorded], location: SnapshotLocation?) -> Bool {
        #if canImport(Testing)
            guard Test.current != nil else { return false }
            for file in files {
                if let location {
                    Attachment.record(
                        file.bytes, named: file.name,
                        sourceLocation: SourceLocation(
                            fileID: "\(location.fileID)", filePath: "\(location.filePath)",
                            line: Int(location.line), column: Int(location.column)))
                } else {
                    Attachment.record(file.bytes, named: file.name)
                }
            }
            return true
        #else
            return false
        #endif
    }

    /// XCTest's attachments exist on Apple platforms only, and want the main thread.
    private static func recordForXCTest(_ files: [Recorded]) {
        #if canImport(Darwin) && canImport(XCTest)
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated {
                XCTContext.runActivity(named: "Snapshot failure images") { activity in
                    for file in files {
                        let attachment = XCTAttachment(data: Data(file.bytes), uniformTypeIdentifier: "public.png")
                        attachment.name = file.name
                        attachment.lifetime = .keepAlways
                        activity.add(attachment)
                    }
                }
            }
        #endif
    }
}
