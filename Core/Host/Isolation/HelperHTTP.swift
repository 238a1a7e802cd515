import FoundationEssentials
import StrataNetworking
import StrataPluginKit
import Synchronization

/// A request a helper asks strata to send (``HelperWire/Kind/fetch``), and strata's answer
/// (``HelperWire/Kind/fetched``): the helper has no network, so strata's own client sends what the plugin
/// declared it may reach, and nothing else.
struct HelperFetch: Codable {
    var id: UInt32
    var url: String
    var method = "GET"
    var headers: [String: String] = [:]
    var body: Data?
    var timeout: Double = 30
    var maxResponseBytes = HTTPRequest.defaultMaxResponseBytes

    struct Answer: Codable {
        var id: UInt32
        var status = 0
        var headers: [String: String] = [:]
        var body = Data()
        /// Why no response came (a host not declared, the network), in words.
        var failure: String?
    }

    /// Sends it through `client` if `capabilities` name its host (over http or https).
    func answer(through client: any HTTPClient, capabilities: PluginDescriptor.Capabilities, pluginID: String) async -> Answer {
        guard let url = URL(string: url), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), let host = url.host else {
            return Answer(id: id, failure: "'\(self.url)' is not an http(s) URL")
        }
        guard capabilities.allowsHost(host) else {
            return Answer(
                id: id,
                failure: "\(pluginID) didn't declare the host \(host) in its capabilities (\"network\" in plugin.json), so strata didn't send the request")
        }
        do {
            let response = try await client.send(
                HTTPRequest(
                    url: url.absoluteString, method: method, headers: headers, body: body.map { Array($0) }, timeout: timeout,
                    maxResponseBytes: maxResponseBytes))
            return Answer(id: id, status: response.status, headers: response.headers, body: Data(response.body))
        } catch {
            return Answer(id: id, failure: error.description)
        }
    }
}

/// The HTTP client a plugin resolves in its helper: each request crosses to strata as a frame, and the
/// answer comes back whole (a stream is delivered as one head and one chunk).
final class HelperHTTPClient: HTTPClient {
    private let channel: HelperChannel
    private let waiting = Mutex<(next: UInt32, answers: [UInt32: CheckedContinuation<HelperFetch.Answer, Never>])>((1, [:]))

    init(channel: HelperChannel) {
        self.channel = channel
    }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<HelperFetch.Answer, Never>) in
            let id = waiting.withLock { state in
                let id = state.next
                state.next &+= 1
                state.answers[id] = continuation
                return id
            }
            let fetch = HelperFetch(
                id: id, url: request.url, method: request.method, headers: request.headers,
                body: request.body.map { Data($0) }, timeout: request.timeout, maxResponseBytes: request.maxResponseBytes)
            guard let payload = try? JSONEncoder().encode(fetch), channel.send(.init(.fetch, Array(payload))) else {
                deliver(HelperFetch.Answer(id: id, failure: "strata is gone"))
                return
            }
        }
        if let failure = answer.failure { throw .notConnected(detail: failure) }
        return HTTPResponse(status: answer.status, headers: answer.headers, body: Array(answer.body))
    }

    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await send(request)
                    continuation.yield(.head(HTTPResponse(status: response.status, headers: response.headers)))
                    if !response.body.isEmpty { continuation.yield(.bytes(response.body)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Hands strata's answer (a ``HelperWire/Kind/fetched`` frame's payload) to the request waiting for it.
    func deliver(_ payload: [UInt8]) {
        guard let answer = try? JSONDecoder().decode(HelperFetch.Answer.self, from: Data(payload)) else { return }
        deliver(answer)
    }

    private func deliver(_ answer: HelperFetch.Answer) {
        waiting.withLock { $0.answers.removeValue(forKey: answer.id) }?.resume(returning: answer)
    }
}
