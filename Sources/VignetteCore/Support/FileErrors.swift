import Foundation

/// Turns Foundation and POSIX file errors into short, actionable text.
package enum FileErrors {
    /// "no such file", "permission denied", "is a directory, not a file", …
    package static func reason(_ error: any Swift.Error, path: String? = nil) -> String {
        if let path {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                return "is a directory, not a file"
            }
        }
        let ns = error as NSError
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file or directory"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
            case NSFileWriteOutOfSpaceError: return "no space left on the device"
            case NSFileWriteFileExistsError: return "a file is in the way"
            default: break
            }
        }
        return ns.localizedDescription
    }
}
