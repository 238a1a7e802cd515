import Foundation
import RunningDomain
import StrataNetworking
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
    /// Where its sockets come from: the kernel in process, strata in a sandboxed helper.
    private let sockets: any TCPSockets
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
    ///   - sockets: Opens the sockets (the host service `TCPSockets`).
    ///   - log: Where connections that are refused or closed are reported (standard error).
    public init(endpoint: LiveEndpoint, sockets: any TCPSockets, timing: Timing = Timing(), log: @escaping @Sendable (String) -> Void) {
        self.endpoint = endpoint
        self.sockets = sockets
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
        let listener = try LineSocket.listen(endpoint, sockets: sockets)
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
    private func admit(
        _ connection: LineSocket, session: SessionID, setting: RunningSetting, link: LiveLink,
        lobby: Lobby
    ) -> LiveFrame? {
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
            return refuse(
                "this host speaks protocol version \(LiveFrame.version), not \(hello.version.map(String.init) ?? "none")",
                log: "protocol version \(hello.version.map(String.init) ?? "none"), not \(LiveFrame.version)")
        }
        guard hello.code?.uppercased() == joinCode else { return refuse("wrong join code", log: "a wrong join code") }
        if setting.mode == .race, let trackKm = hello.trackKm, trackKm < setting.targetDistanceKm {
            let track = ShownDistance.text(trackKm), goal = ShownDistance.text(setting.targetDistanceKm)
            return refuse(
                "your track adds up to \(track) km, less than the \(goal) km goal; join with a longer track",
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
            connection.send(
                LiveFrame(
                    .welcome, version: LiveFrame.version, session: session.value,
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
            let goal = welcome.goalKm, let session = welcome.session
        else {
            connection.close()
            throw LiveSessionError.refused(endpoint: endpoint.description, reason: "the host's welcome is incomplete")
        }
        // A goal nobody can run is the host's mistake or a lie: 0 < goal <= what a goal may be here.
        guard goal > 0, goal <= GoalInput.maximumKm else {
            connection.close()
            throw LiveSessionError.refused(
                endpoint: endpoint.description,
                reason: goal > GoalInput.maximumKm
                    ? "the host's goal is more than \(Int(GoalInput.maximumKm)) km, more than a person runs" : "the host's goal is not a distance")
        }
        let setting = RunningSetting(
            mode: mode, targetDistanceKm: goal, myNickname: nickname,
            mateNickname: welcome.nickname, sessionID: session)
        let link = LiveLink(timing: timing, log: log) { [self] in
            try? handshake(code: code.value, nickname: nickname, session: session, trackKm: trackKm).0
        }
        link.attach(connection)
        return LiveConnection(setting: setting, mate: TCPMateFeed(link: link))
    }

    /// Connects, says hello and reads the answer.
    private func handshake(code: String, nickname: String, session: String?, trackKm: Double?) throws -> (LineSocket, LiveFrame) {
        let connection = try LineSocket.connect(endpoint, sockets: sockets, timeout: 5)
        connection.send(LiveFrame(.hello, version: LiveFrame.version, session: session, code: code, nickname: nickname, trackKm: trackKm))
        do {
            guard let line = try connection.readLine(timeout: 10) else { throw LiveProtocolError.timedOut("answer from the host") }
            let answer = try LiveFrame.decode(line)
            if answer.type == .refused {
                throw LiveSessionError.refused(endpoint: endpoint.description, reason: answer.reason ?? "no reason given")
            }
            guard answer.type == .welcome else { throw LiveProtocolError.malformed("a \(answer.type.rawValue) frame instead of a welcome") }
            guard answer.version == LiveFrame.version else {
                throw LiveSessionError.refused(
                    endpoint: endpoint.description,
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
