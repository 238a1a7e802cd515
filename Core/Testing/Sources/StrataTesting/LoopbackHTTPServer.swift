import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small real HTTP/1.1 server on 127.0.0.1, for tests of HTTP clients.
///
/// It listens on a port the kernel picks as soon as it is created, answers each request from the route
/// registered for its method and path (404 otherwise), and records every request it received and how many
/// connections it accepted. It closes the connection after each response, or, made with
/// `keepingConnectionsAlive`, serves the client's next request on it, as servers that let clients reuse
/// their connections do. A response can come late (`delayed(by:)`, to outlast a client's timeout) or in
/// pieces with pauses between them (`inPieces`, to test streaming); those waits are the server's own and
/// end as soon as the server stops.
///
/// ```swift
/// let server = try LoopbackHTTPServer()
/// defer { server.stop() }
/// server.route("GET", "/3/search/movie", responses: [
///     .json(#"{"status_message":"slow down"}"#, status: 429, headers: ["Retry-After": "2"]),
///     .json(#"{"results":[]}"#),
/// ])
/// // … point the client at server.baseURL, then:
/// #expect(server.requests(to: "/3/search/movie").first?.query["query"] == "dune")
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (LoopbackRequest) -> LoopbackResponse

    /// The port the server listens on.
    public let port: UInt16
    private let core: LoopbackServerCore

    /// Starts a server on 127.0.0.1 with an ephemeral port.
    /// - Parameter keepingConnectionsAlive: `false` (the default) closes each connection after its response
    ///   (`Connection: close`); `true` leaves it open for the client's next request, until the client
    ///   closes it or asks for `Connection: close`.
    /// - Throws: `LoopbackServerError` if the socket can't be created, bound or listened on.
    public init(keepingConnectionsAlive: Bool = false) throws(LoopbackServerError) {
        let (fd, port) = try LoopbackSocket.bindEphemeral()
        guard listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw LoopbackServerError(operation: "listen", code: code)
        }
        let stop: StopSignal
        do { stop = try StopSignal() } catch {
            close(fd)
            throw error
        }
        self.port = port
        core = LoopbackServerCore(listenFD: fd, stop: stop, keepsConnectionsAlive: keepingConnectionsAlive)
        core.start()
    }

    deinit { core.stopAll() }

    /// `http://127.0.0.1:<port>`, without a trailing slash.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The URL of `path` (which may carry a query) on this server.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)" + (path.hasPrefix("/") ? path : "/" + path))!
    }

    /// Answers `method` requests to `path` (exact match, without the query) with `handler`, replacing
    /// any earlier route for them. The handler runs on the connection's own thread.
    public func route(_ method: String, _ path: String, _ handler: @escaping Handler) {
        core.routes.withLock { $0[LoopbackRoute(method: method.uppercased(), path: path)] = handler }
    }

    /// Answers every `method` request to `path` with `response`.
    public func route(_ method: String, _ path: String, response: LoopbackResponse) {
        route(method, path) { _ in response }
    }

    /// Answers successive `method` requests to `path` with successive `responses`; once they run out,
    /// the last one is repeated.
    /// - Precondition: `responses` isn't empty.
    public func route(_ method: String, _ path: String, responses: [LoopbackResponse]) {
        precondition(!responses.isEmpty, "LoopbackHTTPServer.route needs at least one response")
        let next = Mutex(0)
        route(method, path) { _ in
            let index = next.withLock { index in
                defer { index += 1 }
                return min(index, responses.count - 1)
            }
            return responses[index]
        }
    }

    /// Every request received so far, in the order their reading completed.
    public var requests: [LoopbackRequest] { core.received.withLock { $0 } }

    /// How many connections the server accepted so far: with `keepingConnectionsAlive`, fewer than
    /// `requests.count` when clients reuse their connections.
    public var acceptedConnections: Int { core.accepted.withLock { $0 } }

    /// The requests received so far for `path` (any method).
    public func requests(to path: String) -> [LoopbackRequest] { requests.filter { $0.path == path } }

    /// Stops listening, ends pending delays and pauses, closes every connection and waits for the
    /// server's threads to finish. Safe to call more than once; `deinit` calls it too.
    public func stop() { core.stopAll() }
}

/// A route's key: method and path.
struct LoopbackRoute: Hashable {
    let method: String
    let path: String
}

/// The server's threads and state; kept apart from `LoopbackHTTPServer` so that the threads don't keep
/// the public object alive (its `deinit` stops them).
final class LoopbackServerCore: Sendable {
    let listenFD: Int32
    let stop: StopSignal
    let routes = Mutex<[LoopbackRoute: LoopbackHTTPServer.Handler]>([:])
    let received = Mutex<[LoopbackRequest]>([])
    let accepted = Mutex(0)
    let keepsConnectionsAlive: Bool
    private let running = DispatchGroup()
    private let stopped = Mutex(false)

    init(listenFD: Int32, stop: StopSignal, keepsConnectionsAlive: Bool) {
        self.listenFD = listenFD
        self.stop = stop
        self.keepsConnectionsAlive = keepsConnectionsAlive
    }

    func start() {
        running.enter()
        Thread.detachNewThread { [self] in
            acceptLoop()
            running.leave()
        }
    }

    func stopAll() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        stop.fire()
        running.wait()
        close(listenFD)
        stop.closePipe()
    }

    private func acceptLoop() {
        while stop.wait(readable: listenFD, seconds: nil) == .ready {
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else {
                if errno == EINTR || errno == ECONNABORTED || errno == EAGAIN { continue }
                return
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            // A response goes out in several writes (head, body, pieces): without this, on a connection kept
            // alive, each write after the first waits for the client's delayed ACK (40 ms).
            var noDelay: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            accepted.withLock { $0 += 1 }
            running.enter()
            Thread.detachNewThread { [self] in
                serve(fd)
                close(fd)
                running.leave()
            }
        }
    }

    /// Answers the connection's request, or its requests one after another while it is kept alive.
    private func serve(_ fd: Int32) {
        var connection = LoopbackConnection(fd: fd, stop: stop)
        while let request = connection.readRequest() {
            received.withLock { $0.append(request) }
            let handler = routes.withLock { $0[LoopbackRoute(method: request.method, path: request.path)] }
            let response =
                handler?(request)
                ?? .text("LoopbackHTTPServer: no route for \(request.method) \(request.path)", status: 404)
            let keepAlive =
                keepsConnectionsAlive && request.header("connection")?.lowercased() != "close"
                && !response.headers.keys.contains { $0.lowercased() == "connection" }
            guard connection.write(response, method: request.method, keepingAlive: keepAlive), keepAlive else { break }
        }
        shutdown(fd, Int32(SHUT_WR))
    }
}
