import Dispatch
import FoundationEssentials
import Glibc
import StrataBase
import StrataTerminal
import Synchronization

/// strata's side of a feature's screens in a helper: one helper per opened feature, read by a thread of its
/// own. A request (a key, a new size) waits for its frame, at most ``answerSeconds``; frames the helper
/// sends on its own, its HTTP requests, its asks for files the user typed (``HelperFileGrants``) and its end
/// are handled as they come. Whatever the helper sends is
/// read as hostile (``HelperScreenFrame``): a frame that isn't one, a frame out of turn or a helper that
/// dies or stops answering ends the session with one line, and strata goes on.
final class HelperScreenSession: Sendable {
    /// What the session tells the screen showing it, from the reader's thread.
    enum Event: Sendable {
        /// The helper drew a new frame on its own.
        case redraw
        /// The helper asks for a file: strata's prompt is up (``files``).
        case asks
        /// The session is over, for this reason (one line, for people).
        case ended(HelperFailure)
    }

    /// How long a request waits for its frame before the helper is taken as hung.
    static let answerSeconds = 5

    let helper: PluginHelper
    /// The files the helper's screen asked for, and the prompt up for one.
    let files: HelperFileGrants
    private let http: HelperHTTPRelay
    private let state = Mutex(State())
    /// Whether the reader closed the helper's socket: after that nothing is sent on it or shut down (its
    /// number may be another file's by then). Held while sending.
    private let socketClosed = Mutex(false)
    private let answered = DispatchSemaphore(value: 0)

    struct State {
        var latest = HelperScreenFrame()
        var next: UInt32 = 1
        /// The request waiting for its frame, and the frame once it came.
        var waiting: UInt32?
        var answer: HelperScreenFrame?
        var ended: String?
        /// Whether strata ended the session itself (the feature was left): its end is told to no one.
        var closing = false
        /// Whether a redraw was told and not yet taken: a helper flooding frames causes one redraw at a time.
        var redrawPending = false
        /// The Tab key request waiting for its frame, until strata listed a folder for it (``HelperPathCompletion``).
        var tab: UInt32?
        /// Bells the frames rang that strata hasn't rung yet.
        var bells = 0
        /// The pictures the last frame placed, for the next to place again by id.
        var pictures = HelperHeldPictures()
        var onEvent: (@Sendable (Event) -> Void)?

        /// What a frame from the helper is to strata.
        enum Delivery {
            /// The answer the request waiting gets.
            case answer
            /// A frame drawn unasked, to tell the screen showing the session with `onEvent`.
            case redraw(@Sendable (Event) -> Void)
            /// A frame drawn unasked while a redraw is pending or before anyone shows the session: the next
            /// draw shows it, as ``latest``.
            case kept
        }

        /// Takes `frame` as the latest. A redraw is pending only once told: a frame that came before the screen
        /// observed the session (a feature that loads as it opens) must not hold back every redraw after it.
        mutating func take(_ frame: HelperScreenFrame) -> Delivery {
            latest = frame
            bells = min(HelperScreenFrame.maximumItems, bells + frame.header.bells)
            if waiting == frame.header.sequence, frame.header.sequence != 0 {
                answer = frame
                return .answer
            }
            guard !redrawPending, let onEvent else { return .kept }
            redrawPending = true
            return .redraw(onEvent)
        }
    }

    init(helper: PluginHelper, network: HelperNetwork) {
        self.helper = helper
        files = HelperFileGrants(helperWritable: helper.writable, audit: helper.audit)
        http = HelperHTTPRelay(channel: helper.channel, network: network)
        // A thread of its own: it blocks in its reads, and a request on the main actor waits for what it reads.
        if !detachThread(named: "strata-screen", { [self] in read() }) { DispatchQueue.global().async { [self] in read() } }
    }

    /// Where events go (set once the screen showing the session exists).
    func observe(_ onEvent: @escaping @Sendable (Event) -> Void) {
        state.withLock { $0.onEvent = onEvent }
    }

    /// The last frame the helper sent.
    var latest: HelperScreenFrame { state.withLock { $0.latest } }

    /// Takes the redraw told (``Event/redraw``): the next frame the helper sends on its own is told again.
    func takeRedraw() {
        state.withLock { $0.redrawPending = false }
    }

    /// The bells the helper's frames rang since the last call (at most ``HelperScreenFrame/maximumItems``).
    func takeBells() -> Int {
        state.withLock { state in
            defer { state.bells = 0 }
            return state.bells
        }
    }

    /// Why the session ended, `nil` while it runs.
    var ended: String? { state.withLock { $0.ended } }

    /// Sends `action` and waits for its frame.
    /// - Returns: the frame, or why the session ended.
    func request(_ action: HelperScreenRequest.Action, key: String? = nil, context: HelperScreenRequest.Context) -> Result<HelperScreenFrame, HelperFailure> {
        let sequence: UInt32? = state.withLock { state in
            guard state.ended == nil else { return nil }
            let sequence = state.next
            state.next = state.next == .max ? 1 : state.next + 1
            state.waiting = sequence
            state.answer = nil
            state.tab = action == .key && key.flatMap(HelperScreenRequest.key(for:)) == .tab ? sequence : nil
            return sequence
        }
        guard let sequence else { return .failure(failure(ended ?? "has ended")) }
        helper.allowCPU()
        let request = HelperScreenRequest(sequence: sequence, action: action, key: key, context: context)
        guard send(.screen(request)) else {
            return .failure(failure(abandon(saying: "closed its socket")))
        }
        let deadline = DispatchTime.now() + .seconds(Self.answerSeconds)
        while true {
            let timedOut = answered.wait(timeout: deadline) == .timedOut
            let outcome: Result<HelperScreenFrame, HelperFailure>? = state.withLock { state in
                if let answer = state.answer, answer.header.sequence == sequence {
                    state.waiting = nil
                    return .success(answer)
                }
                return state.ended.map { .failure(failure($0)) }
            }
            if let outcome { return outcome }
            if timedOut { return .failure(failure(abandon(saying: "didn't answer within \(Self.answerSeconds) s"))) }
        }
    }

    /// Answers the prompt up (``files``) as the user did: with the file, opened now, or a refusal.
    func answerFile(allow: Bool) {
        guard let (answer, descriptor) = files.answer(allow: allow) else { return }
        send(answer, descriptor: descriptor)
    }

    /// Sends the answer to a file asked for, with its descriptor, which it then closes.
    private func send(_ answer: HelperFileAnswer, descriptor: Int32?) {
        defer { if let descriptor { Glibc.close(descriptor) } }
        socketClosed.withLock { closed in
            guard !closed else { return }
            helper.channel.send(HostToHelperMessage.fileAnswer(answer), descriptors: descriptor.map { [$0] } ?? [])
        }
    }

    /// Ends the session from strata's side (the feature was left, or the app quits): the helper sees its
    /// socket close and ends; nothing is told.
    func close() {
        let open = state.withLock { state in
            defer { state.closing = true }
            return state.ended == nil && !state.closing
        }
        if open { shutDownSocket() }
    }

    /// Ends the session from a request's thread, for `reason`: the helper is killed, and the reader, which
    /// alone closes its socket, finds it closed. Returns the reason the session ended for.
    private func abandon(saying reason: String) -> String {
        let ended = state.withLock { state in
            if state.ended == nil { state.ended = reason }
            state.closing = true
            return state.ended ?? reason
        }
        shutDownSocket()
        helper.end(for: .time)
        return ended
    }

    /// Sends `message` unless the reader closed the socket; false when it is closed or the helper gone.
    @discardableResult
    private func send(_ message: HostToHelperMessage) -> Bool {
        socketClosed.withLock { closed in !closed && helper.channel.send(message) }
    }

    /// Shuts the socket down (the reader then finds it closed), unless the reader closed it already.
    private func shutDownSocket() {
        socketClosed.withLock { closed in
            if !closed { shutdown(helper.channel.descriptor, Int32(SHUT_RDWR)) }
        }
    }

    private func failure(_ reason: String) -> HelperFailure { HelperFailure(pluginID: helper.pluginID, reason: reason) }

    /// The reader's loop: frames until the helper ends or sends what it may not.
    private func read() {
        while true {
            let frame: HelperWire.Frame, message: HelperToHostMessage
            do {
                frame = try helper.channel.receive()
                message = try HelperToHostMessage(frame)
            } catch {
                return end(saying: error.helperFault)
            }
            switch message {
            case .frame(let frame): deliver(frame)
            case .streamOpen(let fetch): http.open(fetch)
            case .streamAck(let id, let count): http.acknowledge(id, count: count)
            case .streamCancel(let id): http.cancel(id)
            case .socketOpen(let request):
                // A screen has no command line, so no address the user typed: strata opens no socket for it.
                let none = HelperSocketGrants(pluginID: helper.pluginID, granted: [], advice: "Use its command line.")
                guard none.answer(request, on: helper.channel) else { return end(saying: "strata couldn't start the thread that answers it") }
            case .fileAsk(let ask):
                switch files.receive(ask) {
                case .ask: state.withLock { $0.onEvent }?(.asks)
                case .answer(let answer, let descriptor): send(answer, descriptor: descriptor)
                }
            case .completeAsk(let ask):
                // Listed once, for the Tab the screen is handling now; another ask gets no names.
                let listing = state.withLock { state in
                    defer { state.tab = nil }
                    return state.tab != nil && state.tab == state.waiting
                }
                send(.completeAnswer(ask.answer(listing: listing)))
            case .hello, .refused, .output, .error, .exit, .pluginRecordAsk: return end(saying: HelperWire.Problem.outOfTurn(frame.kind).helperFault)
            }
        }
    }

    private func deliver(_ frame: HelperScreenFrame) {
        if let failure = frame.header.failure { return end(saying: failure) }
        var frame = frame
        do {
            try state.withLock { state throws(HelperScreenFrame.Problem) in try state.pictures.resolve(&frame) }
        } catch {
            return end(saying: HelperWire.Problem.malformed(.frame, error.description).helperFault)
        }
        switch state.withLock({ $0.take(frame) }) {
        case .answer: answered.signal()
        case .redraw(let onEvent): onEvent(.redraw)
        case .kept: break
        }
    }

    /// The end, from the reader's thread (the one that closes the helper's socket): the helper is stopped,
    /// and the reason kept and told, unless strata ended the session itself.
    private func end(saying problem: String?) {
        socketClosed.withLock { $0 = true }
        http.cancelAll()
        let reason = helper.stop(saying: problem)
        let onEvent: (@Sendable (Event) -> Void)? = state.withLock { state in
            guard state.ended == nil else { return nil }
            state.ended = reason
            return state.closing ? nil : state.onEvent
        }
        answered.signal()
        onEvent?(.ended(failure(reason)))
    }
}
