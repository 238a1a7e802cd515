import Foundation
import RunningDomain
import Synchronization

/// Live sessions across the network: the host listens on a TCP port and the mate connects to it with a
/// join code, speaking the line protocol of PROTOCOL.md. Behind the same Domain protocol as the
/// same-machine sessions.
///
/// For `join`, the session id given is the host's join code (`strata running join HOST:PORT CODE`).
public final class TCPLiveSessionRepository: LiveSessionRepository, @unchecked Sendable {
    public struct Timing: Sendable {
        /// How long the host waits for a mate.
        public var inviteTimeoutSeconds: Double
        /// A mate silent this long is lost; the run goes on alone.
        public var mateLostSeconds: Double
        /// How long a lost mate may come back with the same code.
        public var reconnectSeconds: Double

        public init(inviteTimeoutSeconds: Double = 10, mateLostSeconds: Double = 10, reconnectSeconds: Double = 30) {
            self.inviteTimeoutSeconds = inviteTimeoutSeconds
            self.mateLostSeconds = mateLostSeconds
            self.reconnectSeconds = reconnectSeconds
        }
    }

    private let endpoint: LiveEndpoint
    private let timing: Timing
    private let log: @Sendable (String) -> Void
    /// The code a mate must give; made when hosting.
    public let joinCode: String
    private let listening = Mutex<UInt16?>(nil)
    /// Decides one hello at a time, so that two good ones can't both become the mate.
    private let admission = Mutex<Void>(())

    /// How long a new connection has to say hello: short, so that silent ones go quickly.
    static let helloSeconds = 2.0
    /// The most connections waiting to say hello at once; more are closed at once, so that nobody can hold
    /// the invitation up by connecting and saying nothing.
    static let waitingLimit = 8

    /// - Parameters:
    ///   - endpoint: Where to listen (host) or where the host is (join).
    ///   - log: Where connections that are refused or closed are reported (standard error).
    public init(endpoint: LiveEndpoint, timing: Timing = Timing(), log: @escaping @Sendable (String) -> Void) {
        self.endpoint = endpoint
        self.timing = timing
        self.log = log
        joinCode = Self.randomCode()
    }

    /// The port the host listens on, once `host` has opened the session (the real one for port 0).
    public var listeningPort: UInt16? { listening.withLock { $0 } }

    /// 64 random bits as 16 hexadecimal digits.
    static func randomCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(format: "%016llX", generator.next() as UInt64)
    }

    // MARK: Hosting

    public func host(_ setting: RunningSetting, id: SessionID, onOpen: @Sendable () -> Void) async throws -> LiveConnection {
        let listener = try LineSocket.listen(host: endpoint.host, port: endpoint.port)
        listening.withLock { $0 = listener.localPort }
        let link = LiveLink(timing: timing, log: log)
        let lobby = Lobby()
        // Every connection is heard on a thread of its own (at most `waitingLimit` at once), the first
        // good hello becomes the mate; later ones are the same mate coming back, or a second one, refused.
        Thread.detachNewThread { [self] in
            while !link.isOver && !lobby.isClosed {
                guard let connection = listener.accept(timeout: 0.25) else { continue }
                guard lobby.startWaiting(limit: Self.waitingLimit) else {
                    connection.close()
                    log("closed \(connection.peer): \(Self.waitingLimit) connections are already waiting to say hello")
                    continue
                }
                Thread.detachNewThread { [self] in
                    defer { lobby.endWaiting() }
                    guard let hello = admit(connection, session: id, setting: setting, link: link, lobby: lobby) else { return }
                    if !lobby.admit(hello) { log("\(hello.nickname ?? "the mate") is back (\(connection.peer)); the run resumes") }
                }
            }
            listener.close()
        }
        onOpen()
        let deadline = Date().addingTimeInterval(timing.inviteTimeoutSeconds)
        do {
            while true {
                try Task.checkCancellation()
                if let hello = lobby.mate {
                    var agreed = setting
                    agreed.mateNickname = hello.nickname
                    agreed.sessionID = id.value
                    return LiveConnection(setting: agreed, mate: TCPMateFeed(link: link))
                }
                guard deadline.timeIntervalSinceNow > 0 else {
                    throw LiveSessionError.inviteTimedOut(id: id.value, seconds: timing.inviteTimeoutSeconds)
                }
                try await Task.sleep(for: .milliseconds(20))  // the lobby's threads set the mate; a short look each time
            }
        } catch {
            lobby.close()
            throw error
        }
    }

    /// Reads a connection's hello and answers it: welcome (returned) or refused (logged, closed).
    private func admit(_ connection: LineSocket, session: SessionID, setting: RunningSetting, link: LiveLink,
                       lobby: Lobby) -> LiveFrame? {
        func refuse(_ reason: String, log message: String) -> LiveFrame? {
            connection.send(LiveFrame(.refused, reason: reason))
            connection.close()
            log("refused \(connection.peer): \(message)")
            return nil
        }
        let hello: LiveFrame
        do {
            guard let line = try connection.readLine(timeout: Self.helloSeconds) else { throw LiveProtocolError.timedOut("hello") }
            hello = try LiveFrame.decode(line)
        } catch {
            connection.close()
            log("closed \(connection.peer): \(error)")
            return nil
        }
        guard hello.type == .hello else {
            return refuse("the first line must be a hello", log: "a \(hello.type.rawValue) frame before the hello")
        }
        guard hello.version == LiveFrame.version else {
            return refuse("this host speaks protocol version \(LiveFrame.version), not \(hello.version.map(String.init) ?? "none")",
                          log: "protocol version \(hello.version.map(String.init) ?? "none"), not \(LiveFrame.version)")
        }
        guard hello.code?.uppercased() == joinCode else { return refuse("wrong join code", log: "a wrong join code") }
        if setting.mode == .race, let trackKm = hello.trackKm, trackKm < setting.targetDistanceKm {
            let track = String(format: "%.2f", trackKm), goal = String(format: "%.2f", setting.targetDistanceKm)
            return refuse("your track adds up to \(track) km, less than the \(goal) km goal; join with a longer track",
                          log: "\(hello.nickname ?? "a mate")'s track adds up to \(track) km, less than the \(goal) km goal; still waiting for a mate")
        }
        return admission.withLock { _ -> LiveFrame? in
            if lobby.isClosed { return refuse("the invitation is over", log: "a hello after the invitation ended") }
            // Only the mate knows the session id (it came in the welcome): with it, a new connection replaces
            // one that hasn't been seen to drop yet.
            let resuming = link.wasAttached && hello.session?.uppercased() == session.value
            if link.hasLiveMate && !resuming {
                return refuse("the session already has a mate", log: "a second mate (\(hello.nickname ?? "unnamed"))")
            }
            if link.wasAttached && !(resuming && link.canResume) {
                return refuse("too late to come back: the run went on alone", log: "a mate back after \(Int(timing.reconnectSeconds)) s")
            }
            connection.send(LiveFrame(.welcome, version: LiveFrame.version, session: session.value,
                                      nickname: setting.myNickname, mode: setting.mode.rawValue, goalKm: setting.targetDistanceKm))
            link.attach(connection)
            return hello
        }
    }

    // MARK: Joining

    public func join(_ code: SessionID, nickname: String) async throws -> LiveConnection {
        try await connect(code, nickname: nickname, trackKm: nil)
    }

    public func join(_ code: SessionID, nickname: String, trackKm: Double) async throws -> LiveConnection {
        try await connect(code, nickname: nickname, trackKm: trackKm)
    }

    private func connect(_ code: SessionID, nickname: String, trackKm: Double?) async throws -> LiveConnection {
        let (connection, welcome) = try handshake(code: code.value, nickname: nickname, session: nil, trackKm: trackKm)
        guard let mode = welcome.mode.flatMap(RunningMode.init(rawValue:)), mode.needsMate,
              let goal = welcome.goalKm, let session = welcome.session else {
            connection.close()
            throw LiveSessionError.refused(endpoint: endpoint.description, reason: "the host's welcome is incomplete")
        }
        // A goal nobody can run is the host's mistake or a lie: 0 < goal <= what a goal may be here.
        guard goal > 0, goal <= GoalInput.maximumKm else {
            connection.close()
            throw LiveSessionError.refused(endpoint: endpoint.description, reason: goal > GoalInput.maximumKm
                ? "the host's goal is more than \(Int(GoalInput.maximumKm)) km, more than a person runs" : "the host's goal is not a distance")
        }
        let setting = RunningSetting(mode: mode, targetDistanceKm: goal, myNickname: nickname,
                                     mateNickname: welcome.nickname, sessionID: session)
        let link = LiveLink(timing: timing, log: log) { [self] in
            try? handshake(code: code.value, nickname: nickname, session: session, trackKm: trackKm).0
        }
        link.attach(connection)
        return LiveConnection(setting: setting, mate: TCPMateFeed(link: link))
    }

    /// Connects, says hello and reads the answer.
    private func handshake(code: String, nickname: String, session: String?, trackKm: Double?) throws -> (LineSocket, LiveFrame) {
        let connection = try LineSocket.connect(host: endpoint.host, port: endpoint.port, timeout: 5)
        connection.send(LiveFrame(.hello, version: LiveFrame.version, session: session, code: code, nickname: nickname, trackKm: trackKm))
        do {
            guard let line = try connection.readLine(timeout: 10) else { throw LiveProtocolError.timedOut("answer from the host") }
            let answer = try LiveFrame.decode(line)
            if answer.type == .refused {
                throw LiveSessionError.refused(endpoint: endpoint.description, reason: answer.reason ?? "no reason given")
            }
            guard answer.type == .welcome else { throw LiveProtocolError.malformed("a \(answer.type.rawValue) frame instead of a welcome") }
            guard answer.version == LiveFrame.version else {
                throw LiveSessionError.refused(endpoint: endpoint.description,
                                               reason: "the host speaks protocol version \(answer.version.map(String.init) ?? "none"), not \(LiveFrame.version)")
            }
            return (connection, answer)
        } catch let error as LiveProtocolError {
            connection.close()
            throw LiveSessionError.refused(endpoint: endpoint.description, reason: error.description)
        } catch {
            connection.close()
            throw error
        }
    }
}

/// Who is waiting to say hello while the host invites, and the mate once one is admitted.
final class Lobby: Sendable {
    private struct State {
        var waiting = 0
        var mate: LiveFrame?
        var closed = false
    }

    private let state = Mutex(State())

    var mate: LiveFrame? { state.withLock { $0.mate } }
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Counts a new connection in; `false` when `limit` are already waiting.
    func startWaiting(limit: Int) -> Bool {
        state.withLock { state in
            guard state.waiting < limit else { return false }
            state.waiting += 1
            return true
        }
    }

    func endWaiting() { state.withLock { $0.waiting -= 1 } }

    /// Records the first admitted hello as the mate; `false` if there was one (the mate came back).
    func admit(_ hello: LiveFrame) -> Bool {
        state.withLock { state in
            guard state.mate == nil else { return false }
            state.mate = hello
            return true
        }
    }

    /// The invitation ended without a mate (timed out, or the host stopped): nobody more is admitted.
    func close() { state.withLock { $0.closed = true } }
}

/// The line to the mate, shared by the feed and the threads that read it, send heartbeats, and take a
/// mate back after a drop.
final class LiveLink: @unchecked Sendable {
    private struct State {
        var connection: LineSocket?
        var latest = RunnerProgress(data: .start, status: .running)
        /// The last few progress frames, oldest first, so that a side one second ahead is read as it was.
        var recent: [RunnerProgress] = []
        var lastHeard = Date()
        var lostAt: Date?
        var attached = false
        var over = false
    }

    private let state = Mutex(State())
    let timing: TCPLiveSessionRepository.Timing
    let log: @Sendable (String) -> Void
    /// The mate's side: connects again after a drop (nil on the host, which waits instead).
    let reconnect: (@Sendable () -> LineSocket?)?

    init(timing: TCPLiveSessionRepository.Timing, log: @escaping @Sendable (String) -> Void,
         reconnect: (@Sendable () -> LineSocket?)? = nil) {
        self.timing = timing
        self.log = log
        self.reconnect = reconnect
    }

    var isOver: Bool { state.withLock { $0.over } }
    var wasAttached: Bool { state.withLock { $0.attached } }
    var hasLiveMate: Bool { state.withLock { $0.connection != nil } }
    var canResume: Bool {
        state.withLock { state in state.lostAt.map { Date().timeIntervalSince($0) <= timing.reconnectSeconds } ?? true }
    }

    /// Takes `connection` as the line to the mate and starts reading it (and, the first time, heartbeats).
    func attach(_ connection: LineSocket) {
        let (first, replaced) = state.withLock { state in
            let replaced = state.connection
            state.connection = connection
            state.lastHeard = Date()
            state.lostAt = nil
            defer { state.attached = true }
            return (!state.attached, replaced)
        }
        replaced?.close()
        Thread.detachNewThread { [self] in read(connection) }
        if first {
            Thread.detachNewThread { [self] in
                while !isOver {
                    current?.send(LiveFrame(.heartbeat))
                    Thread.sleep(forTimeInterval: 1)
                }
            }
        }
    }

    private var current: LineSocket? { state.withLock { $0.connection } }

    /// The mate at its run second `seconds` (or the first second it sent after that), or as far as it has
    /// got; and whether it was heard lately.
    func mate(at seconds: Int) -> (progress: RunnerProgress, connected: Bool) {
        state.withLock { state in
            (state.recent.first { $0.data.elapsedSeconds >= seconds } ?? state.latest,
             Date().timeIntervalSince(state.lastHeard) <= timing.mateLostSeconds)
        }
    }

    func send(_ frame: LiveFrame) {
        if frame.type == .finish || frame.type == .cancel { state.withLock { $0.over = true } }
        current?.send(frame)
    }

    /// Reads frames until the connection ends; a bad frame closes it with the reason logged.
    private func read(_ connection: LineSocket) {
        while true {
            do {
                guard let line = try connection.readLine(timeout: 1) else {
                    if isOver { return }
                    continue
                }
                let frame = try LiveFrame.decode(line)
                state.withLock { state in
                    state.lastHeard = Date()
                    if let progress = frame.progress {
                        state.latest = progress
                        state.recent.append(progress)
                        if state.recent.count > 16 { state.recent.removeFirst() }
                        if progress.status == .finished || progress.status == .cancelled { state.over = true }
                    }
                }
            } catch {
                dropped(connection, reason: error)
                return
            }
        }
    }

    private func dropped(_ connection: LineSocket, reason: any Error) {
        connection.close()
        let (ended, stillCurrent) = state.withLock { state in
            let current = state.connection === connection
            if current {
                state.connection = nil
                state.lostAt = Date()
            }
            return (state.over, current)
        }
        guard !ended, stillCurrent else { return }
        if case LiveProtocolError.closed = reason {
            log("the connection to the mate (\(connection.peer)) closed")
        } else {
            log("closed the connection to the mate (\(connection.peer)): \(reason)")
        }
        guard let reconnect else { return }
        Thread.detachNewThread { [self] in
            let giveUp = Date().addingTimeInterval(timing.reconnectSeconds)
            while Date() < giveUp, !isOver {
                if let connection = reconnect() {
                    log("connected to the host again; the run resumes")
                    attach(connection)
                    return
                }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }
}

/// The mate at the other end of a `LiveLink`.
struct TCPMateFeed: MateFeed {
    let link: LiveLink

    var knownTotalKm: Double? { nil }

    func read(elapsedSeconds: Int) async throws -> MateStatus {
        let mate = link.mate(at: elapsedSeconds)
        return MateStatus(progress: mate.progress, isConnected: mate.connected)
    }

    func publish(_ progress: RunnerProgress) async throws {
        link.send(LiveFrame(progress))
    }
}
