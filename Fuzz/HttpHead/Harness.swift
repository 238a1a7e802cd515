import StrataBase
import StrataNetworking

/// libFuzzer's entry: the input is what a server sends before a body, handed to `ResponseHeadReader` one
/// line at a time with its line end, as libcurl hands it over in CurlTransfer. At each blank line the head
/// read so far becomes a response, whose `Retry-After` is read as `RetryPolicy` reads it for a 429.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var reader = ResponseHeadReader()
    var start = 0
    while start < size {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? size
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if reader.read(line) {
            let response = HTTPResponse(status: 429, headers: reader.fields)
            _ = RetryPolicy.standard.delay(after: response, attempt: 1, now: Timestamp(secondsSince1970: 1_700_000_000))
            _ = response.header("location")
        }
        start = end
    }
    return 0
}
