import FoundationEssentials
import StrataNetworking
import Synchronization

/// The frames of a streamed response (version 3 of ``HelperWire``): a chunk is the stream's id (4 bytes,
/// big-endian) then its bytes; an acknowledgement the id then the count taken (4 bytes each).
enum HelperStreamFrames {
    /// The most bytes in one chunk frame.
    static let chunkSize = 16 * 1024

    static func chunk(id: UInt32, _ bytes: ArraySlice<UInt8>) -> HelperWire.Frame {
        HelperWire.Frame(.streamChunk, HelperWire.Frame(.hello, number: id).payload + bytes)
    }

    /// A chunk's id and bytes; `nil` for a payload without an id.
    static func chunk(_ payload: [UInt8]) -> (UInt32, [UInt8])? {
        guard let id = HelperWire.Frame(.hello, Array(payload.prefix(4))).number else { return nil }
        return (id, Array(payload.dropFirst(4)))
    }

    static func ack(id: UInt32, count: Int) -> HelperWire.Frame {
        HelperWire.Frame(.streamAck, HelperWire.Frame(.hello, number: id).payload + HelperWire.Frame(.hello, number: UInt32(clamping: count)).payload)
    }

    /// An acknowledgement's id and count; `nil` unless it is exactly two numbers.
    static func ack(_ payload: [UInt8]) -> (id: UInt32, count: Int)? {
        guard payload.count == 8, let id = HelperWire.Frame(.hello, Array(payload[0..<4])).number,
            let count = HelperWire.Frame(.hello, Array(payload[4..<8])).number
        else { return nil }
        return (id, Int(count))
    }
}

/// The HTTP requests of one helper (a command's, or a screen session's), as strata answers them through
/// ``HelperNetwork``, each in its own task: a whole response as one frame; a streamed one chunk by chunk as
/// it arrives, while no more than ``window`` bytes (``windowFrames`` frames) wait unacknowledged in
/// the socket. What arrives meanwhile waits here, up to ``backlog`` bytes: past that, the helper isn't
/// reading, and strata cancels the request and says so rather than hold more.
final class HelperHTTPRelay: Sendable {
    static let window = 64 * 1024
    static let windowFrames = 32
    static let backlog = 1 << 20
    /// The most requests of each kind (whole, streamed) one helper has under way at once.
    static let maximumOpen = 16

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
    }

    private let channel: HelperChannel
    private let network: HelperNetwork
    private let streams = Mutex<[UInt32: Stream]>([:])
    /// Whole requests under way; none is answered once closed.
    private let fetches = Mutex<(tasks: [UInt32: Task<Void, Never>], closed: Bool)>(([:], false))

    init(channel: HelperChannel, network: HelperNetwork) {
        self.channel = channel
        self.network = network
    }

    /// Takes an HTTP frame from the helper (a request, a stream's open, acknowledgement or cancel); false when
    /// it can't be read.
    func receive(_ frame: HelperWire.Frame) -> Bool {
        switch frame.kind {
        case .fetch:
            guard let fetch = try? JSONDecoder().decode(HelperFetch.self, from: Data(frame.payload)) else { return false }
            answer(fetch)
        case .streamOpen:
            guard let fetch = try? JSONDecoder().decode(HelperFetch.self, from: Data(frame.payload)) else { return false }
            open(fetch)
        case .streamAck:
            guard let (id, count) = HelperStreamFrames.ack(frame.payload) else { return false }
            streams.withLock { streams in
                guard var stream = streams[id] else { return }
                stream.inFlight -= min(count, stream.inFlight)
                stream.inFlightFrames -= min(1, stream.inFlightFrames)
                flush(id, stream, in: &streams)
            }
        case .streamCancel:
            guard let id = frame.number else { return false }
            streams.withLock { $0.removeValue(forKey: id) }?.task?.cancel()
        default: return false
        }
        return true
    }

    /// Cancels every request (the command or session ended): nothing is sent to the helper after it.
    func cancelAll() {
        for task in fetches.withLock({ state in defer { state = ([:], true) }; return state.tasks.values }) { task.cancel() }
        for stream in streams.withLock({ streams in defer { streams = [:] }; return streams.values }) { stream.task?.cancel() }
    }

    private func answer(_ fetch: HelperFetch) {
        let id = fetch.id
        let admitted = fetches.withLock { state in
            guard !state.closed, state.tasks[id] == nil, state.tasks.count < Self.maximumOpen else { return false }
            state.tasks[id] = Task {}  // its place, until its task is kept
            return true
        }
        guard admitted else {
            return reply(HelperFetch.Answer(id: id, failure: "\(network.pluginID) has \(Self.maximumOpen) requests under way already"))
        }
        let task = Task { [self] in
            let answer = await network.answer(fetch)
            fetches.withLock { $0.tasks[id] = nil }
            reply(answer)
        }
        // Ended (or cancelled) before its task was kept: the task ends too.
        let kept = fetches.withLock { state in
            guard state.tasks[id] != nil else { return false }
            state.tasks[id] = task
            return true
        }
        if !kept { task.cancel() }
    }

    /// Sends a whole request's answer, unless the command or session ended.
    private func reply(_ answer: HelperFetch.Answer) {
        fetches.withLock { state in
            guard !state.closed else { return }
            channel.send(.init(.fetched, (try? JSONEncoder().encode(answer)).map(Array.init) ?? []))
        }
    }

    private func open(_ fetch: HelperFetch) {
        let id = fetch.id
        let parts: AsyncThrowingStream<HTTPStreamPart, any Error>
        switch network.stream(fetch) {
        case .failure(let refusal): return send(head: HelperFetch.Answer(id: id, failure: refusal.reason))
        case .success(let stream): parts = stream
        }
        let admitted = streams.withLock { streams in
            guard streams[id] == nil, streams.count < Self.maximumOpen else { return false }
            streams[id] = Stream(host: URL(string: fetch.url)?.host ?? fetch.url)
            return true
        }
        guard admitted else {
            return send(head: HelperFetch.Answer(id: id, failure: "\(network.pluginID) has \(Self.maximumOpen) streams open already"))
        }
        let task = Task { [self] in
            do {
                for try await part in parts {
                    switch part {
                    case .head(let response): head(id, response)
                    case .bytes(let bytes): take(id, bytes)
                    @unknown default: continue
                    }
                }
                finish(id, failure: Task.isCancelled ? "cancelled" : nil)
            } catch {
                finish(id, failure: (error as? NetworkError)?.description ?? "\(error)")
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
        channel.send(.init(.streamHead, (try? JSONEncoder().encode(head)).map(Array.init) ?? []))
    }

    private func head(_ id: UInt32, _ response: HTTPResponse) {
        streams.withLock { streams in
            guard streams[id] != nil else { return }
            streams[id]?.status = response.status
            send(head: HelperFetch.Answer(id: id, status: response.status, headers: response.headers))
        }
    }

    private func take(_ id: UInt32, _ bytes: [UInt8]) {
        streams.withLock { streams in
            guard var stream = streams[id] else { return }
            var rest = bytes[...]
            while !rest.isEmpty {
                stream.pending.append(rest.prefix(HelperStreamFrames.chunkSize))
                rest = rest.dropFirst(HelperStreamFrames.chunkSize)
            }
            stream.pendingBytes += bytes.count
            if stream.pendingBytes > Self.backlog {
                stream.task?.cancel()
                stream.pending = []
                stream.end = HelperFetch.Answer(
                    id: id, status: stream.status,
                    failure: "\(network.pluginID)'s helper stopped reading the response from \(stream.host): more than "
                        + "\(Self.backlog / 1024) KiB waited, so strata cancelled the request")
            }
            flush(id, stream, in: &streams)
        }
    }

    private func finish(_ id: UInt32, failure: String?) {
        streams.withLock { streams in
            guard var stream = streams[id], stream.end == nil else { return }
            stream.end = HelperFetch.Answer(id: id, status: stream.status, failure: failure)
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
            channel.send(HelperStreamFrames.chunk(id: id, first))
        }
        if stream.pending.isEmpty, let end = stream.end {
            streams[id] = nil
            channel.send(.init(.streamEnd, (try? JSONEncoder().encode(end)).map(Array.init) ?? []))
        } else {
            streams[id] = stream
        }
    }
}
