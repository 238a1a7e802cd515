import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
            throw NetworkError.from(error, timeout: request.timeout)
        }
        guard var response = head else { throw .transport("the server closed the connection without a response") }
        response.body = body
        return response
    }

    public func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        AsyncThrowingStream { continuation in
            var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
            urlRequest.httpMethod = request.method
            urlRequest.httpBody = request.body
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            let task = session.dataTask(with: urlRequest)
            router.add(task.taskIdentifier, TaskRouter.Route(continuation: continuation, timeout: request.timeout))
            continuation.onTermination = { termination in
                if case .cancelled = termination { task.cancel() }
            }
            task.resume()
        }
    }
}

/// Routes the session's delegate callbacks to the stream of each task.
private final class TaskRouter: NSObject, URLSessionDataDelegate, Sendable {
    struct Route: Sendable {
        let continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation
        let timeout: Double
    }

    private let routes = Mutex<[Int: Route]>([:])

    func add(_ id: Int, _ route: Route) { routes.withLock { $0[id] = route } }

    private func route(_ id: Int) -> Route? { routes.withLock { $0[id] } }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                headers[String(describing: name)] = String(describing: value)
            }
            route(dataTask.taskIdentifier)?.continuation.yield(.head(HTTPResponse(status: http.statusCode, headers: headers)))
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        route(dataTask.taskIdentifier)?.continuation.yield(.bytes(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let route = routes.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            route.continuation.finish(throwing: NetworkError.from(error, timeout: route.timeout))
        } else {
            route.continuation.finish()
        }
    }
}
