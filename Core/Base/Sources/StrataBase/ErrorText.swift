internal import FoundationEssentials
internal import Glibc

/// What went wrong, in the system's words, for a message that already names the file: "No such file or
/// directory" for a file operation that failed with `ENOENT`. FoundationEssentials' errors carry the
/// `errno` behind them but no sentence (that lives in Foundation's `localizedDescription`).
public func errorText(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    if let cocoa = error as? CocoaError {
        if let posix = cocoa.underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if cocoa.code == .fileReadNoSuchFile || cocoa.code == .fileNoSuchFile { return String(cString: strerror(ENOENT)) }
        if cocoa.code == .fileReadNoPermission || cocoa.code == .fileWriteNoPermission { return String(cString: strerror(EACCES)) }
        return "error \(cocoa.code.rawValue)"
    }
    return "\(error)"
}
