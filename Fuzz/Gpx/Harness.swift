import Foundation
import RunningDomain

/// libFuzzer's entry: the input is a GPX file. The first byte picks the scanner's read size (1 to 256
/// bytes, so that every construct is cut at a read's edge somewhere); the rest is the file. It is read as
/// `strata running` reads one: parsed into a document, made a track to run, and summed up into the
/// statistics and report that `strata running track FILE` prints.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let chunk = Int(data[0]) + 1
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var scanner = GPXScanner(bytes: bytes, file: "fuzz.gpx", chunk: chunk)
    while let event = try? scanner.next() { _ = event }
    guard let document = try? GPXParser().parse(data: Data(bytes), file: "fuzz.gpx") else { return 0 }
    _ = document.trackLengthMeters
    guard let track = try? document.runTrack(fileName: "fuzz.gpx") else { return 0 }
    _ = TrackReport.text(TrackStatistics(track))
    return 0
}
