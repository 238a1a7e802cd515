import FoundationEssentials
import StrataNetworking
import Synchronization

/// The HTTP requests of one helper (a command's, or a screen session's), as strata answers them through
/// ``HelperNetwork``, each in its own task, chunk by chunk as it arrives (a whole response too): no more
/// than ``window`` bytes (``windowFrames`` frames) wait unacknowledged in the socket, and up to ``backlog``
/// bytes here; past that, strata stops taking the response from its client until the helper catches up.
/// What the client holds meanwhile is bounded by the request's `maxResponseBytes`, which a helper can't set
/// past ``HelperNetwork/largestResponse``; a command's Ctrl-C or end, or the helper's cancel, ends it.
final class HelperHTTPRelay: Sendable {
    static let window = 64 * 1024
    static let windowFrames = 32
    static let backlog = 1 << 20
    /// The most requests one helper has under way at once.
    static let maximumOpen = 8
    /// The most bytes in one chunk frame.
    static let chunkSize = 16 * 1024

    private struct Stream {
        var task: Task<Void, Never>?
        var host: String
        var status = 0
        var pending: [ArraySlice<UInt8>] = []
        var pendingBytes = 0
        var inFlight = 0
        var inFlightFrames = 0
        /// Its end, sent once what waits has gone.
        var end: HelperFetch.Answer?
        /// Its task, waiting for the backlog to go down.
        var waiter: CheckedContinuation<Void, Never>?

        /// Stops it: its task ends, and no longer waits.
        func stop() {
            task?.cancel()
            waiter?.resume()
        }
    }

    private let channel: HelperChannel
    private let network: HelperNetwork
    private let streams = Mutex<[UInt32: Stream]>([:])

    init(channel: HelperChannel, network: HelperNetwork) {
        self.channel = channel
        self.network = network
    }

    /// The helper took `count` bytes of stream `id`: more may go.
    func acknowledge(_ id: UInt32, count: UInt32) {
        streams.withLock { streams in
            guard var stream = streams[id] else { return }
            stream.inFlight -= min(Int(count), stream.inFlight)
            stream.inFlightFrames -= min(1, stream.inFlightFrames)
            flush(id, stream, in: &streams)
        }
    }

    /// The helper's consumer of stream `id` stopped: its request ends.
    func cancel(_ id: UInt32) {
        streams.withLock { $0.removeValue(forKey: id) }?.stop()
    }

    /// Cancels every request (the command or session ended): nothing is sent to the helper after it.
    func cancelAll() {
        for stream in streams.withLock({ streams in
            defer { streams = [:] }; return streams.values
        }) { stream.stop() }
    }

    /// Admits `fetch` here, on the thread that reads the helper's frames, and makes its request in its own task:
    /// the first request loads strata's HTTP client, which opens its library on the main queue
    /// (``DynamicLibrary``), and a screen's request waits on the main queue for the frame this thread reads.
    /// Made here, the first search of a fresh app waited 5 s for itself (#46 E-1).
    func open(_ fetch: HelperFetch) {
        let id = fetch.id
        let admitted = streams.withLock { streams in
            guard streams[id] == nil, streams.count < Self.maximumOpen else { return false }
            streams[id] = Stream(host: URL(string: fetch.url)?.host ?? fetch.url)
            return true
        }
        guard admitted else {
            let refusal = "\(network.pluginID) has \(Self.maximumOpen) requests under way already"
            network.audit?.record(network.entry(fetch, .failure(HelperRefusal(refusal))))
            return send(head: HelperFetch.Answer(id: id, failure: refusal))
        }
        let network = network
        let task = Task { [self] in
            let parts: AsyncThrowingStream<HTTPStreamPart, any Error>
            switch network.stream(fetch) {
            case .failure(let refusal):
                guard streams.withLock({ $0.removeValue(forKey: id) }) != nil else { return }
                return send(head: HelperFetch.Answer(id: id, error: HelperNetworkFailure(.refused, detail: refusal.reason)))
            case .success(let stream): parts = stream
            }
            do {
                for try await part in parts {
                    switch part {
                    case .head(let response): head(id, response)
                    case .bytes(let bytes): if take(id, bytes) { await room(id) }
                    @unknown default: continue
                    }
                }
                finish(id, failure: Task.isCancelled ? "cancelled" : nil)
            } catch {
                finish(id, failure: nil, error: HelperNetworkFailure((error as? NetworkError) ?? .transport("\(error)")))
            }
        }
        // Cancelled (or ended) before its task was kept: the task ends too.
        let kept = streams.withLock { streams in
            streams[id]?.task = task
            return streams[id] != nil
        }
        if !kept { task.cancel() }
    }

    private func send(head: HelperFetch.Answer) {
        channel.send(HostToHelperMessage.streamHead(head))
    }

    private func head(_ id: UInt32, _ response: HTTPResponse) {
        streams.withLock { streams in
            guard streams[id] != nil else { return }
            streams[id]?.status = response.status
            send(head: HelperFetch.Answer(id: id, status: response.status, headers: response.headers))
        }
    }

    /// Queues `bytes` and sends what the window allows; true when more than the backlog waits.
    private func take(_ id: UInt32, _ bytes: [UInt8]) -> Bool {
        streams.withLock { streams in
            guard var stream = streams[id] else { return false }
            var rest = bytes[...]
            while !rest.isEmpty {
                stream.pending.append(rest.prefix(Self.chunkSize))
                rest = rest.dropFirst(Self.chunkSize)
            }
            stream.pendingBytes += bytes.count
            flush(id, stream, in: &streams)
            return (streams[id]?.pendingBytes ?? 0) > Self.backlog
        }
    }

    /// Waits until the backlog of stream `id` is down (the helper acknowledged), or it ended.
    private func room(_ id: UInt32) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let full = streams.withLock { streams in
                guard let stream = streams[id], stream.pendingBytes > Self.backlog else { return false }
                streams[id]?.waiter = continuation
                return true
            }
            if !full { continuation.resume() }
        }
    }

    /// Whether stream `id`'s task waits for the helper to catch up (for tests).
    func isWaiting(_ id: UInt32) -> Bool { streams.withLock { $0[id]?.waiter != nil } }

    private func finish(_ id: UInt32, failure: String?, error: HelperNetworkFailure? = nil) {
        streams.withLock { streams in
            guard var stream = streams[id], stream.end == nil else { return }
            stream.end =
                error.map { HelperFetch.Answer(id: id, status: stream.status, error: $0) }
                ?? HelperFetch.Answer(id: id, status: stream.status, failure: failure)
            flush(id, stream, in: &streams)
        }
    }

    /// Sends what the window allows of `stream`'s waiting bytes, then its end once nothing waits.
    private func flush(_ id: UInt32, _ stream: Stream, in streams: inout [UInt32: Stream]) {
        var stream = stream
        while let first = stream.pending.first, stream.inFlightFrames < Self.windowFrames,
            stream.inFlight == 0 || stream.inFlight + first.count <= Self.window
        {
            stream.pending.removeFirst()
            stream.pendingBytes -= first.count
            stream.inFlight += first.count
            stream.inFlightFrames += 1
            channel.send(HostToHelperMessage.streamChunk(id: id, bytes: first))
        }
        if stream.pendingBytes <= Self.backlog, let waiter = stream.waiter {
            stream.waiter = nil
            waiter.resume()
        }
        if stream.pending.isEmpty, let end = stream.end {
            streams[id] = nil
            channel.send(HostToHelperMessage.streamEnd(end))
        } else {
            streams[id] = stream
        }
    }
}
