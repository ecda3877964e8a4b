import Foundation

/// Why a file operation failed, in the system's words ("Permission denied", "File name too long"): from a
/// Foundation error's underlying POSIX error, or a system call's; never the dump of an `NSError`.
public enum FileErrorReason {
    public static func of(_ error: Error) -> String {
        if let system = error as? SystemCallError { return system.message }
        if let code = posixCode(error) ?? posixCode((error as NSError).userInfo[NSUnderlyingErrorKey]) {
            return String(cString: strerror(code))
        }
        switch (error as? CocoaError)?.code {
        case .fileNoSuchFile?, .fileReadNoSuchFile?: return String(cString: strerror(ENOENT))
        case .fileReadNoPermission?, .fileWriteNoPermission?: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace?: return String(cString: strerror(ENOSPC))
        case .fileWriteVolumeReadOnly?: return String(cString: strerror(EROFS))
        case .fileReadTooLarge?: return String(cString: strerror(EFBIG))
        default: return TerminalSafe.line((error as NSError).localizedDescription)
        }
    }

    /// Foundation on Linux gives a `POSIXError` (a Swift value) or an `NSError` of `NSPOSIXErrorDomain`.
    private static func posixCode(_ error: Any?) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        guard let error = error as? NSError, error.domain == NSPOSIXErrorDomain else { return nil }
        return Int32(error.code)
    }
}
