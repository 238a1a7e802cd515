internal import FoundationEssentials
import StrataBase

/// Talks to one HTTP API: builds requests from endpoints, retries what the policy allows, surfaces any
/// non-2xx status as `NetworkError.httpStatus` (never as a decoding failure), and decodes DTOs.
public struct DataTransferService: Sendable {
    /// The transport.
    public let client: any HTTPClient
    /// The API's base URL as text (`https://api.example.com/v1`); endpoint paths are appended to it.
    public let baseURL: String
    /// Header fields sent with every request (e.g. `Authorization`).
    public var headers: [String: String]
    /// Query items sent with every request (e.g. an `api_key`).
    public var query: [QueryItem]
    /// Seconds to wait for a response when the endpoint doesn't say.
    public var timeout: Double
    /// The most body bytes (decoded) to take from a response when the endpoint doesn't say; one that
    /// passes it fails with `NetworkError.tooLarge`, streamed or not.
    public var maxResponseBytes: Int
    /// When to retry.
    public var retry: RetryPolicy
    /// Waits between attempts; tests pass one that records the delays instead of waiting.
    public var sleep: @Sendable (Double) async throws -> Void

    /// Creates a service.
    public init(
        client: any HTTPClient, baseURL: String, headers: [String: String] = [:], query: [QueryItem] = [],
        timeout: Double = 30, maxResponseBytes: Int = HTTPRequest.defaultMaxResponseBytes, retry: RetryPolicy = .standard,
        sleep: @escaping @Sendable (Double) async throws -> Void = { seconds in
            try await Task.sleep(nanoseconds: UInt64(min(max(0, seconds), 3_153_600_000) * 1_000_000_000))
        }
    ) {
        self.client = client
        self.baseURL = baseURL
        self.headers = headers
        self.query = query
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.retry = retry
        self.sleep = sleep
    }

    /// The request `endpoint` becomes.
    /// - Throws: `NetworkError.invalidRequest` if the URL can't be built.
    public func makeRequest<T>(_ endpoint: Endpoint<T>) throws(NetworkError) -> HTTPRequest {
        guard var url = URL(string: baseURL) else { throw .invalidRequest("bad base URL \(baseURL)") }
        for component in endpoint.path.split(separator: "/") { url.appendPathComponent(String(component)) }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .invalidRequest("bad URL \(url)")
        }
        let items = (query + endpoint.query).map { URLQueryItem(name: $0.name, value: $0.value) }
        if !items.isEmpty { components.queryItems = (components.queryItems ?? []) + items }
        // URLComponents leaves `+` as is, and servers read it as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacing("+", with: "%2B")
        guard let full = components.url else { throw .invalidRequest("bad URL for path \(endpoint.path)") }
        return HTTPRequest(
            url: full.absoluteString, method: endpoint.method, headers: headers.merging(endpoint.headers) { $1 },
            body: endpoint.body, timeout: endpoint.timeout ?? timeout,
            maxResponseBytes: endpoint.maxResponseBytes ?? maxResponseBytes)
    }

    /// Sends `endpoint` (retrying per the policy) and returns its 2xx response.
    /// - Throws: `NetworkError.httpStatus` for any other final status, or a transport error.
    public func response<T>(_ endpoint: Endpoint<T>) async throws(NetworkError) -> HTTPResponse {
        let request = try makeRequest(endpoint)
        var attempt = 1
        while true {
            let response = try await client.send(request)
            if response.isSuccess { return response }
            try await waitBeforeRetry(after: response, attempt: &attempt)
        }
    }

    /// Sends `endpoint` and decodes its 2xx body.
    /// - Throws: `NetworkError.httpStatus` for a non-2xx answer (checked before decoding),
    ///   `NetworkError.decoding` with the failing key path, or a transport error.
    public func request<T: Decodable>(_ endpoint: Endpoint<T>) async throws(NetworkError) -> T {
        try Self.decode(T.self, from: try await response(endpoint).body)
    }

    /// Sends `endpoint` and returns its 2xx body as it arrives, for server-sent events. A non-2xx answer
    /// is read whole, retried per the policy, then thrown as `NetworkError.httpStatus`.
    /// - Throws: what `response(_:)` throws; later failures arrive through the stream.
    public func stream<T>(_ endpoint: Endpoint<T>) async throws(NetworkError) -> AsyncThrowingStream<[UInt8], any Error> {
        let request = try makeRequest(endpoint)
        var attempt = 1
        while true {
            let (head, body) = try await open(request)
            if head.isSuccess { return body }
            var response = head
            do {
                for try await chunk in body { response.body.append(contentsOf: chunk) }
            } catch {
                throw NetworkError.from(error, timeout: request.timeout)
            }
            try await waitBeforeRetry(after: response, attempt: &attempt)
        }
    }

    /// Decodes a DTO, turning a failure into `NetworkError.decoding` with the key path. A lone surrogate
    /// escape in a string becomes U+FFFD instead of failing the whole document (``JSONSurrogates``).
    /// - Throws: `NetworkError.decoding`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: [UInt8]) throws(NetworkError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(JSONSurrogates.repairing(data)))
        } catch let error as DecodingError {
            throw .decoding(keyPath: error.keyPath(), detail: error.problem)
        } catch {
            throw .decoding(keyPath: "(root)", detail: String(describing: error))
        }
    }

    private func waitBeforeRetry(after response: HTTPResponse, attempt: inout Int) async throws(NetworkError) {
        guard let delay = retry.delay(after: response, attempt: attempt) else { throw .httpStatus(response) }
        do { try await sleep(delay) } catch { throw .cancelled }
        attempt += 1
    }

    /// Starts `request`, waits for its head, and hands back the body as a stream of its own.
    ///
    /// The pump task and its cancellation are wired up before anything is awaited, so a cancellation at
    /// any moment (even before the pump has started) cancels the request.
    private func open(_ request: HTTPRequest) async throws(NetworkError) -> (HTTPResponse, AsyncThrowingStream<[UInt8], any Error>) {
        let (body, bodyContinuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        let (heads, headContinuation) = AsyncThrowingStream<HTTPResponse, any Error>.makeStream()
        let parts = client.stream(request)
        let timeout = request.timeout
        let pump = Task {
            var head: HTTPResponse?
            do {
                for try await part in parts {
                    switch part {
                    case .head(let response) where head == nil:
                        head = response
                        headContinuation.yield(response)
                        headContinuation.finish()
                    case .head: break
                    case .bytes(let bytes): bodyContinuation.yield(bytes)
                    }
                }
                if head == nil {
                    headContinuation.finish(
                        throwing: Task.isCancelled ? NetworkError.cancelled : NetworkError.transport("the server closed the connection without a response"))
                }
                bodyContinuation.finish()
            } catch {
                let mapped = (error as? NetworkError) ?? NetworkError.from(error, timeout: timeout)
                headContinuation.finish(throwing: mapped)
                bodyContinuation.finish(throwing: mapped)
            }
        }
        bodyContinuation.onTermination = { _ in pump.cancel() }
        do {
            let head = try await withTaskCancellationHandler {
                for try await head in heads { return head }
                throw NetworkError.cancelled  // the heads stream ends without a head only when this task is cancelled
            } onCancel: {
                pump.cancel()
            }
            return (head, body)
        } catch let error as NetworkError {
            throw error
        } catch {
            throw NetworkError.from(error, timeout: timeout)
        }
    }
}
