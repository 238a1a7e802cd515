import Foundation

/// What `LoopbackHTTPServer` answers to a request: status, headers and body, and how to send them
/// (all at once, late, or in pieces with pauses between them).
///
/// The server adds `Content-Length` (or `Transfer-Encoding: chunked` for a response sent in chunked
/// pieces) and, unless it keeps connections alive, `Connection: close`, closing the connection after the
/// response. A response that sets `Connection` itself is sent as it is, and its connection closed.
public struct LoopbackResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields to send, by name.
    public var headers: [String: String]
    /// The whole body.
    public var body: Data
    /// Seconds the server waits before sending anything (to outlast a client's timeout).
    public var delay: Double
    /// Seconds the server waits between two pieces of the body.
    public var pause: Double
    /// Whether the pieces go out as HTTP chunks (`Transfer-Encoding: chunked`) or raw under a `Content-Length`.
    public var isChunked: Bool
    /// The body cut in the pieces written one by one; `nil` writes the body in one go.
    public private(set) var pieces: [Data]?
    /// After how many pieces the server waits for `gate` to open before writing the rest.
    public private(set) var heldAfter: Int = 0
    /// The gate that holds the rest of the body, if any.
    public private(set) var gate: LoopbackGate?
    /// Whether the server closes the connection after the pieces instead of ending the body properly.
    public private(set) var isCutOff = false

    /// Creates a response sent in one go.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = 0
        self.pause = 0
        self.isChunked = false
        self.pieces = nil
    }

    /// A JSON response (`Content-Type: application/json`).
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: headers.merging(["Content-Type": "application/json"]) { mine, _ in mine }, body: Data(text.utf8))
    }

    /// A plain-text response (`Content-Type: text/plain; charset=utf-8`).
    public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: headers.merging(["Content-Type": "text/plain; charset=utf-8"]) { mine, _ in mine }, body: Data(text.utf8))
    }

    /// A `text/event-stream` response whose body is `pieces` concatenated, each piece written on its own
    /// with `pause` seconds before the next: lines and events can be split across the client's reads.
    public static func eventStream(_ pieces: [String], pause: Double, status: Int = 200) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: ["Content-Type": "text/event-stream"])
            .inPieces(pieces.map { Data($0.utf8) }, pause: pause)
    }

    /// The same response, sent only after `seconds` (the server's wait, ended early when it stops).
    public func delayed(by seconds: Double) -> LoopbackResponse {
        var copy = self
        copy.delay = seconds
        return copy
    }

    /// The same response with its body cut into pieces of `size` bytes, written with `pause` seconds
    /// between them.
    /// - Parameter chunked: send the pieces as HTTP chunks (default) or raw under a `Content-Length`.
    public func inPieces(of size: Int, pause: Double, chunked: Bool = true) -> LoopbackResponse {
        let size = max(1, size)
        let cuts = stride(from: 0, to: body.count, by: size).map { start in
            body.subdata(in: body.startIndex + start..<body.startIndex + min(start + size, body.count))
        }
        return inPieces(cuts, pause: pause, chunked: chunked)
    }

    /// The same status and headers with `pieces` as the body, written one by one with `pause` seconds
    /// between them.
    /// - Parameter chunked: send the pieces as HTTP chunks (default) or raw under a `Content-Length`.
    public func inPieces(_ pieces: [Data], pause: Double, chunked: Bool = true) -> LoopbackResponse {
        var copy = self
        copy.body = pieces.reduce(into: Data()) { $0.append($1) }
        copy.pieces = pieces.filter { !$0.isEmpty }
        copy.pause = pause
        copy.isChunked = chunked
        return copy
    }

    /// The same response, with the server holding the body after its first `count` pieces until `gate`
    /// opens (or the server stops). Without pieces, the body is held whole after the head.
    public func holding(after count: Int = 1, until gate: LoopbackGate) -> LoopbackResponse {
        var copy = self
        copy.heldAfter = max(0, count)
        copy.gate = gate
        return copy
    }

    /// The same response, with the connection closed after its last piece and no last chunk, as a server that
    /// crashed mid-answer closes it. For a body sent in chunked pieces (`inPieces`).
    public func cutOff() -> LoopbackResponse {
        var copy = self
        copy.isCutOff = true
        return copy
    }

    /// `date` in the HTTP-date format (`Wed, 21 Oct 2015 07:28:00 GMT`), e.g. for a `Retry-After` header.
    public static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// The standard reason phrase of `status`.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
