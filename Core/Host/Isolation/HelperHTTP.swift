import FoundationEssentials
import StrataNetworking
import StrataPluginKit
import Synchronization

/// A request a helper asks strata to send (``HelperWire/Kind/streamOpen``), and strata's answer (a
/// stream's head and end): the helper has no network, so strata's own client sends what the plugin may
/// reach (``HelperNetwork``), and nothing else.
struct HelperFetch: Codable, Equatable {
    var id: UInt32
    var url: String
    var method = "GET"
    var headers: [String: String] = [:]
    var body: Data?
    var timeout: Double = 30
    var maxResponseBytes = HTTPRequest.defaultMaxResponseBytes

    struct Answer: Codable, Equatable {
        var id: UInt32
        var status = 0
        var headers: [String: String] = [:]
        /// Why no response came (a host not declared, the network), in words.
        var failure: String?
        /// The same, as the error the plugin's client throws (``HelperNetworkFailure``).
        var error: HelperNetworkFailure?

        init(id: UInt32, status: Int = 0, headers: [String: String] = [:], failure: String? = nil) {
            self.id = id
            self.status = status
            self.headers = headers
            self.failure = failure
        }

        init(id: UInt32, status: Int = 0, error: HelperNetworkFailure) {
            self.init(id: id, status: status, failure: error.error.description)
            self.error = error
        }
    }
}

/// The HTTP client a plugin resolves in its helper: each request crosses to strata as a frame, and its
/// response comes back as a head, its chunks as they arrive, and an end. At most
/// ``HelperHTTPRelay/maximumOpen`` are under way in strata at once, as many as it admits; a request past them
/// waits here, in order, until one ends (a list asking for all its thumbnails at once gets every one, as in
/// strata's process).
final class HelperHTTPClient: HTTPClient {
    private struct Streams {
        var next: UInt32 = 1
        var open: [UInt32: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation] = [:]
        /// The requests sent to strata and not yet ended, and those waiting for one to end.
        var underWay: Set<UInt32> = []
        var waiting: [HelperFetch] = []

        /// The request to send now that `id` ended or was cancelled, if one waits.
        mutating func ended(_ id: UInt32) -> HelperFetch? {
            waiting.removeAll { $0.id == id }
            guard underWay.remove(id) != nil, !waiting.isEmpty else { return nil }
            let next = waiting.removeFirst()
            underWay.insert(next.id)
            return next
        }
    }

    private let channel: HelperChannel
    private let streams = Mutex(Streams())

    init(channel: HelperChannel) {
        self.channel = channel
    }

    /// The whole response, gathered from its stream: it crosses in chunks (with the stream's bounds and
    /// backpressure), however large the request's `maxResponseBytes` lets it be.
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        try await HTTPResponse.gathered(
            from: stream(request), failure: { $0 as? NetworkError ?? .transport("\($0)") }, headless: "strata ended the response before its head")
    }

    /// Delivers the response as strata forwards it; a consumer that stops (or is cancelled) cancels the
    /// request in strata.
    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        AsyncThrowingStream { continuation in
            let id = streams.withLock { state in
                let id = state.next
                state.next &+= 1
                state.open[id] = continuation
                return id
            }
            continuation.onTermination = { [self] _ in
                // Still open: the consumer stopped before strata ended it (or before it was sent).
                let (sent, next) = streams.withLock { state in
                    (state.open.removeValue(forKey: id) != nil && state.underWay.contains(id), state.ended(id))
                }
                if sent { channel.send(HelperToHostMessage.streamCancel(id: id)) }
                if let next { open(next) }
            }
            let fetch = HelperFetch(
                id: id, url: request.url, method: request.method, headers: request.headers,
                body: request.body.map { Data($0) }, timeout: request.timeout, maxResponseBytes: request.maxResponseBytes)
            let now = streams.withLock { state in
                guard state.underWay.count < HelperHTTPRelay.maximumOpen else {
                    state.waiting.append(fetch)
                    return false
                }
                state.underWay.insert(id)
                return true
            }
            if now { open(fetch) }
        }
    }

    /// Sends `fetch` to strata, or ends its stream when strata is gone.
    private func open(_ fetch: HelperFetch) {
        if !channel.send(.streamOpen(fetch)) {
            end(HelperFetch.Answer(id: fetch.id, failure: "strata is gone"))
        }
    }

    /// Hands a stream's head from strata to its consumer (or its end, when no response came).
    func head(_ head: HelperFetch.Answer) {
        guard head.failure == nil else { return end(head) }
        streams.withLock { $0.open[head.id] }?.yield(.head(HTTPResponse(status: head.status, headers: head.headers)))
    }

    /// Hands a chunk of stream `id` to its consumer, and acknowledges it as taken, which lets strata send more.
    func chunk(_ id: UInt32, _ bytes: ArraySlice<UInt8>) {
        streams.withLock { $0.open[id] }?.yield(.bytes(Array(bytes)))
        channel.send(HelperToHostMessage.streamAck(id: id, count: UInt32(clamping: bytes.count)))
    }

    /// Ends a stream as strata's answer says (the end of its bytes, or why none came).
    func end(_ answer: HelperFetch.Answer) {
        let (continuation, next) = streams.withLock { ($0.open.removeValue(forKey: answer.id), $0.ended(answer.id)) }
        if let next { open(next) }
        guard let continuation else { return }
        if let error = answer.error {
            continuation.finish(throwing: error.error)
        } else if let failure = answer.failure {
            continuation.finish(throwing: answer.status == 0 ? NetworkError.notConnected(detail: failure) : NetworkError.transport(failure))
        } else {
            continuation.finish()
        }
    }
}
