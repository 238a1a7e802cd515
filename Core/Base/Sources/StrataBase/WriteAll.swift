internal import Glibc

/// Writes all of `text` to the file descriptor (`STDOUT_FILENO`, `STDERR_FILENO`, a pipe), retrying
/// interrupted and partial writes, and writes a non-blocking descriptor refused for now (a terminal
/// another program left non-blocking); a write that fails otherwise (a closed pipe) ends it. One call for
/// the whole text, so that lines written by different threads don't interleave.
public func writeAll(_ text: String, to descriptor: Int32) {
    writeAllReportingFailure(text, to: descriptor)
}

/// Writes all of `bytes` to the file descriptor, as the text version does: for output passed on as it
/// comes (which may end inside a character), or a `StaticString` where nothing may allocate (a signal
/// handler).
public func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
    writeEach(bytes, to: descriptor)
}

/// Writes all of `text` to the file descriptor as `writeAll(_:to:)` does, and says whether it
/// all went: a caller whose output is the answer (a command's standard output, which a script may save to a
/// file on a full disk) ends in failure rather than leave a cut-short answer looking whole.
/// - Returns: the `errno` of the write that failed (`ENOSPC`, `EIO`, `EPIPE`, …), or `nil` when all of
///   `text` was written.
@discardableResult
public func writeAllReportingFailure(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { writeEach($0, to: descriptor) }
}

/// The one loop of the functions above; `nil` when all was written, else the failed write's `errno`.
@discardableResult
private func writeEach(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    var done = 0
    while done < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
        if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        guard written > 0 else { return written < 0 ? errno : EIO }
        done += written
    }
    return nil
}
