/// One HTTP request, ready to send.
public struct HTTPRequest: Sendable, Equatable {
    /// The full URL, query included, as text (`https://api.example.com/3/search?q=x`).
    public var url: String
    /// The method: `GET`, `POST`, …
    public var method: String
    /// Header fields by name.
    public var headers: [String: String]
    /// The body, if any.
    public var body: [UInt8]?
    /// Seconds to wait for the server before failing with `NetworkError.timedOut`.
    public var timeout: Double
    /// The most body bytes to take, counted after decoding (gzip, deflate), streamed or not; a response
    /// that passes it fails with `NetworkError.tooLarge` and the transfer stops there.
    public var maxResponseBytes: Int

    /// What a request takes when it doesn't say: 32 MB, far above any JSON answer Strata reads.
    public static let defaultMaxResponseBytes = 32_000_000

    /// Creates a request.
    public init(
        url: String, method: String = "GET", headers: [String: String] = [:], body: [UInt8]? = nil, timeout: Double = 30,
        maxResponseBytes: Int = HTTPRequest.defaultMaxResponseBytes
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxResponseBytes = max(0, maxResponseBytes)
    }
}

/// One HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Header fields, names lowercased.
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]

    /// Creates a response; header names are lowercased.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// A header field by name, case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body as UTF-8 text (invalid bytes replaced), for messages.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The whole response a stream of parts (``HTTPClient/stream(_:)``) delivers: what a client whose
    /// ``HTTPClient/send(_:)`` is its stream, gathered, returns.
    /// - Parameters:
    ///   - failure: The ``NetworkError`` for an error the stream ends with.
    ///   - headless: Why there is no response when the stream ends before its head.
    /// - Throws: `failure`'s error, ``NetworkError/cancelled`` when the task was cancelled (a cancelled
    ///   stream may end early without an error), or ``NetworkError/transport(_:)`` with `headless`.
    public static func gathered(
        from stream: AsyncThrowingStream<HTTPStreamPart, any Error>, failure: (any Error) -> NetworkError, headless: String
    ) async throws(NetworkError) -> HTTPResponse {
        var head: HTTPResponse?
        var body: [UInt8] = []
        do {
            for try await part in stream {
                switch part {
                case .head(let response): head = response
                case .bytes(let bytes): body.append(contentsOf: bytes)
                }
            }
        } catch {
            throw failure(error)
        }
        if Task.isCancelled { throw .cancelled }
        guard var response = head else { throw .transport(headless) }
        response.body = body
        return response
    }
}

/// A piece of a streamed response: first the head, then the body in the chunks the network delivered.
public enum HTTPStreamPart: Sendable, Equatable {
    /// The status and headers; its `body` is empty.
    case head(HTTPResponse)
    /// Bytes of the body, in order.
    case bytes([UInt8])
}
