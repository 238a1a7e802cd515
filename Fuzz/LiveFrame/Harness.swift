import Foundation
import RunningDomain

/// libFuzzer's entry: the input is what a peer sends over a live-run connection. It is cut into lines at
/// `\n` as `LineSocket.readLine` cuts it (a line over `LiveFrame.maximumLength` ends the connection), and
/// each line is decoded as TCPLiveSessionRepository decodes it: the frame, what it says about the sender's
/// progress, and the frame written back out as a line and read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        guard line.count <= LiveFrame.maximumLength else { return 0 }
        guard let frame = try? LiveFrame.decode(Data(line)) else { continue }
        if let progress = frame.progress { _ = LiveFrame(progress).line }
        _ = try? LiveFrame.decode(frame.line.dropLast())
    }
    return 0
}
