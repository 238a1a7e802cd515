internal import FoundationEssentials

/// Sends HTTP requests. The host registers one (`CurlHTTPClient`, from `StrataURLSession`) in the container for
/// every plugin.
///
/// An implementation answers every status code with a response (a 404 is not an error at this level);
/// it throws `NetworkError` only when no response arrived: not connected, timed out, cancelled, or a body
/// past the request's `maxResponseBytes` (`.tooLarge`, and nothing past the limit is read).
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the whole response.
    /// - Throws: `NetworkError.notConnected`, `.timedOut`, `.cancelled`, `.tooLarge` or `.transport`; `.refused` when strata
    ///   doesn't send it (a sandboxed plugin's request to a host it may not reach).
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse

    /// Sends `request` and delivers the response as it arrives: `.head` first, then `.bytes` chunks.
    /// Cancelling the consuming task or dropping the stream cancels the request.
    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error>
}
