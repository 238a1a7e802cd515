internal import FoundationEssentials
import StrataNetworking

/// The entry the host looks up with `dlsym` when a plugin first resolves an `HTTPClient`: a new client,
/// retained, for the host to take (`Unmanaged.takeRetainedValue`). The host never links this library.
@_cdecl("strata_url_session_http_client")
public func makeCurlHTTPClient() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(CurlHTTPClient()).toOpaque()
}

/// The real HTTP client: libcurl's multi interface, driven by a thread of the client's own.
///
/// All of a client's requests run on one multi handle, so they share its connections: a request to a host
/// the client talked to lately reuses the open connection instead of opening another (and shaking hands
/// over TLS again). The thread starts with the first request and ends once the client is released and its
/// last request has ended; keep one client for many requests.
///
/// A request waiting on a server sleeps in `curl_multi_poll` and costs no CPU, and so does an idle client.
/// Responses are delivered as they arrive, so the same client serves plain requests and server-sent event
/// streams. A request's `timeout` is an idle timeout: the request fails with `NetworkError.timedOut` once
/// nothing has arrived for that long. Cancelling the calling task, or dropping the stream, ends the
/// transfer at once, and only that transfer.
///
/// Like the URLSession client before it: redirects are followed (up to 20), gzip and deflate bodies are
/// decoded, there are no cookies and no cache, and proxies come from the environment (`https_proxy`,
/// `no_proxy`). TLS certificates are verified. Only `http` and `https` URLs are fetched, redirects
/// included. A body is read up to the request's `maxResponseBytes`, counted after decoding, so a small
/// gzip body that decodes to gigabytes stops there with `NetworkError.tooLarge`. libcurl (Debian's `libcurl4`) is opened when the first request is sent; without it, every
/// request fails with a `NetworkError.transport` that says what to install.
public final class CurlHTTPClient: HTTPClient {
    private let worker: CurlWorker

    /// Creates a client. It starts its thread, and opens connections, when it sends its first request.
    public init() {
        worker = CurlWorker(transferEnded: nil, threadEnding: nil)
    }

    /// A client that reports, on its thread, each transfer's end (once it let its handle go) and the
    /// thread's own end (once it cleaned up its multi handle and closed its connections).
    init(transferEnded: @escaping @Sendable () -> Void, threadEnding: (@Sendable () -> Void)? = nil) {
        worker = CurlWorker(transferEnded: transferEnded, threadEnding: threadEnding)
    }

    deinit { worker.clientReleased() }

    /// Sends `request` and collects the whole response.
    /// - Throws: `NetworkError.notConnected`, `.timedOut`, `.cancelled`, `.tooLarge` or `.transport`.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        try await HTTPResponse.gathered(
            from: stream(request), failure: { NetworkError.from($0, timeout: request.timeout) },
            headless: "the server closed the connection without a response")
    }

    /// Sends `request` and delivers the head, then the body as it arrives, within its idle timeout.
    public func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        AsyncThrowingStream { continuation in
            let control = CurlTransferControl(wake: { [worker] in worker.wake() })
            continuation.onTermination = { termination in
                if case .cancelled = termination { control.cancel() }
            }
            worker.submit(CurlTransfer(request, delivering: continuation, control: control))
        }
    }
}
