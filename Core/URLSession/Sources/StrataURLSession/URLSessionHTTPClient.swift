import Foundation
import StrataNetworking
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The entry the host looks up with `dlsym` when a plugin first resolves an `HTTPClient`: a new client,
/// retained, for the host to take (`Unmanaged.takeRetainedValue`). The host never links this library.
@_cdecl("strata_url_session_http_client")
public func makeURLSessionHTTPClient() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(URLSessionHTTPClient()).toOpaque()
}

/// The real HTTP client: URLSession (FoundationNetworking on Linux), one session shared by all requests.
///
/// Responses are delivered as they arrive, so the same client serves plain requests and server-sent
/// event streams. Cancelling the calling task cancels the request.
public final class URLSessionHTTPClient: HTTPClient {
    private let router: TaskRouter
    private let session: URLSession

    /// Creates a client with an ephemeral session (no cookies, no cache).
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        router = TaskRouter()
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// Sends `request` and collects the whole response.
    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        var head: HTTPResponse?
        var body = Data()
        do {
            for try await part in stream(request) {
                switch part {
                case .head(let response): head = response
                case .bytes(let bytes): body.append(bytes)
                }
            }
        } catch let error as NetworkError {
            throw error
        } catch {
            throw NetworkError(urlSessionError: error, timeout: request.timeout)
        }
        guard var response = head else { throw Task.isCancelled ? .cancelled : .transport("the server closed the connection without a response") }
        response.body = body
        return response
    }

    /// Sends `request` and delivers the head, then the body as it arrives, within its idle timeout.
    public func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        AsyncThrowingStream { continuation in
            var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
            urlRequest.httpMethod = request.method
            urlRequest.httpBody = request.body
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            let task = session.dataTask(with: urlRequest)
            router.add(task.taskIdentifier, TaskRouter.Route(continuation: continuation, timeout: request.timeout, task: task))
            continuation.onTermination = { termination in
                withExtendedLifetime(self) {} // the stream keeps its client (and session) alive until it ends
                if case .cancelled = termination { task.cancel() }
            }
            task.resume()
        }
    }
}

/// Routes the session's delegate callbacks to the stream of each task, and enforces each request's
/// timeout: FoundationNetworking on Linux ignores `URLRequest.timeoutInterval` (only the session-wide
/// default applies), so every task gets its own idle deadline, moved on by each piece of the response.
private final class TaskRouter: NSObject, URLSessionDataDelegate, Sendable {
    struct Route: @unchecked Sendable {
        let continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation
        let timeout: Double
        /// Immutable after creation; `URLSessionTask.cancel()` may be called from any thread.
        let task: URLSessionTask
        var activity: UInt64 = 0
    }

    private let routes = Mutex<[Int: Route]>([:])

    func add(_ id: Int, _ route: Route) {
        routes.withLock { $0[id] = route }
        armDeadline(id, generation: 0, after: route.timeout)
    }

    /// Yields `part` to the task's stream and moves its deadline on.
    private func deliver(_ id: Int, _ part: HTTPStreamPart) {
        let moved: (Route, UInt64)? = routes.withLock { routes in
            guard routes[id] != nil else { return nil }
            routes[id]!.activity += 1
            return (routes[id]!, routes[id]!.activity)
        }
        guard let (route, generation) = moved else { return }
        route.continuation.yield(part)
        armDeadline(id, generation: generation, after: route.timeout)
    }

    private func armDeadline(_ id: Int, generation: UInt64, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
            self?.expire(id, generation: generation)
        }
    }

    /// Fails the task with `.timedOut` if nothing arrived since the deadline was armed.
    private func expire(_ id: Int, generation: UInt64) {
        let expired: Route? = routes.withLock { routes in
            guard let route = routes[id], route.activity == generation else { return nil }
            routes[id] = nil
            return route
        }
        guard let expired else { return }
        expired.continuation.finish(throwing: NetworkError.timedOut(seconds: expired.timeout))
        expired.task.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers[String(describing: name)] = String(describing: value)
            }
            deliver(dataTask.taskIdentifier, .head(HTTPResponse(status: http.statusCode, headers: headers)))
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        deliver(dataTask.taskIdentifier, .bytes(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let route = routes.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            route.continuation.finish(throwing: NetworkError(urlSessionError: error, timeout: route.timeout))
        } else {
            route.continuation.finish()
        }
    }
}

extension NetworkError {
    /// Maps a Foundation URL loading error to the case a person can act on.
    init(urlSessionError error: any Error, timeout: Double) {
        guard let urlError = error as? URLError else {
            self = .from(error, timeout: timeout)
            return
        }
        switch urlError.code {
        case .cancelled: self = .cancelled
        case .timedOut: self = .timedOut(seconds: timeout)
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
             .networkConnectionLost, .internationalRoamingOff, .dataNotAllowed:
            self = .notConnected(detail: urlError.localizedDescription)
        default: self = .transport(urlError.localizedDescription)
        }
    }
}
