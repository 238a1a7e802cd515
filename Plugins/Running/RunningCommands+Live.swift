import Foundation
import RunningData
import RunningDomain
import RunningPresentation
import StrataBase
import StrataPluginKit

extension RunningCommands {
    func host(_ command: RunningHostCommand, _ invocation: CommandInvocation) async throws {
        let mode = command.mode.flatMap(RunningMode.init(rawValue:)) ?? .race
        let goal = try goal(command.goal)
        let speed = try speed(command.speed, live: true, option: RunningHostCommand.name(\.speed))
        let id = try sessionID(command.session) ?? SessionID.random()
        let me = try await loadTrack(command.track, pace: pace(command.pace, option: RunningHostCommand.name(\.pace)))
        let setting = RunningSetting(
            mode: mode, targetDistanceKm: goal, myNickname: nickname(command.nickname, invocation),
            sessionID: id.value)
        let announce = announcer(invocation, json: command.json)
        let waiting = secondsText(settings.inviteTimeoutSeconds)
        let connection: LiveConnection
        if let listen = command.listen {
            guard let endpoint = LiveEndpoint(listen) else {
                throw CommandError.usage(
                    "\(RunningHostCommand.name(\.listen)) \(listen) is not ADDR:PORT (such as 0.0.0.0:7400, or 127.0.0.1:0 for any free port)")
            }
            if command.sessionDir != nil {
                throw CommandError.usage(
                    "\(RunningHostCommand.name(\.sessionDir)) is for a same-machine session; leave it out with \(RunningHostCommand.name(\.listen))")
            }
            let network = try networkSessions(endpoint, invocation: invocation)
            let host = container.makeHostLiveRunUseCase(sessions: network)
            connection = try await interruptible {
                try await host.execute(setting, id: id, timeline: me.timeline) {
                    let port = network.listeningPort ?? endpoint.port
                    let name = endpoint.host == "0.0.0.0" ? ProcessInfo.processInfo.hostName : endpoint.host
                    announce("session \(id.value) is open on \(endpoint.host):\(port); waiting \(waiting) for a mate, who joins with:")
                    announce("  strata running join \(name):\(port) \(network.joinCode) --track FILE")
                }
            }
        } else {
            let host = container.makeHostLiveRunUseCase(sessions: try liveSessions(in: command.sessionDir, invocation: invocation))
            // The join line a mate on this machine can run as it is: the same folder, if not the setting's.
            let folder = command.sessionDir.map { " \(RunningHostCommand.name(\.sessionDir)) \(Self.shellQuoted($0))" } ?? ""
            connection = try await interruptible {
                try await host.execute(setting, id: id, timeline: me.timeline) {
                    announce("session \(id.value): waiting \(waiting) for a mate. Join with: strata running join \(id.value)\(folder) --track FILE")
                }
            }
        }
        announce("\(connection.setting.mateNickname ?? "A mate") joined; running \(mode.rawValue) to \(RunningFormat.distance(goal)) km.")
        let request = RunRequest(
            setting: connection.setting, timeline: me.timeline, route: me.track.summary,
            mate: connection.mate, weightKg: settings.weightKg, speed: speed)
        try await perform(request, invocation: invocation, json: command.json)
    }

    func join(_ command: RunningJoinCommand, _ invocation: CommandInvocation) async throws {
        let endpoint = LiveEndpoint(command.target)
        let given: String
        if endpoint == nil {
            given = command.target
        } else if let code = command.code {
            given = code
        } else {
            throw CommandError.usage("missing CODE (the join code the host printed)")
        }
        guard let id = SessionID(given) else {
            // A TARGET with a colon was meant as HOST:PORT (its port out of range): calling it a bad session id misled.
            throw CommandError.usage(
                endpoint != nil
                    ? "join code \"\(given)\" is not the 16 letters and digits the host printed"
                    : given.contains(":")
                        ? "\"\(given)\" is not HOST:PORT with a port from 1 to 65535 (such as 192.168.1.20:7400), nor a session id"
                        : "session id \"\(given)\" is not 4 to 16 letters and digits")
        }
        if endpoint == nil, let extra = command.code {
            throw CommandError.usage("unexpected argument '\(extra)'")
        }
        let speed = try speed(command.speed, live: true, option: RunningJoinCommand.name(\.speed))
        let me = try await loadTrack(command.track, pace: pace(command.pace, option: RunningJoinCommand.name(\.pace)))
        let sessions: any LiveSessionRepository =
            try endpoint.map { try networkSessions($0, invocation: invocation) }
            ?? liveSessions(in: command.sessionDir, invocation: invocation)
        let name = nickname(command.nickname, invocation)
        let join = container.makeJoinLiveRunUseCase(sessions: sessions)
        let connection = try await interruptible { try await join.execute(id, nickname: name, timeline: me.timeline) }
        let setting = connection.setting
        let announce = announcer(invocation, json: command.json)
        announce(
            "joined \(setting.mateNickname ?? "the host")'s \(setting.mode.rawValue) to \(RunningFormat.distance(setting.targetDistanceKm)) km (session \(setting.sessionID ?? id.value))."
        )
        let request = RunRequest(
            setting: setting, timeline: me.timeline, route: me.track.summary,
            mate: connection.mate, weightKg: settings.weightKg, speed: speed)
        try await perform(request, invocation: invocation, json: command.json)
    }

    /// `text` as one shell word: as it is when it is plain, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) && $0.isASCII || "/._-+=:,@%".unicodeScalars.contains($0)
            }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private func sessionID(_ text: String?) throws(CommandError) -> SessionID? {
        guard let text else { return nil }
        guard let id = SessionID(text) else {
            throw .usage("session id \"\(text)\" is not 4 to 16 letters and digits")
        }
        return id
    }

    /// The sessions in the configured folder, or in `folder` (`--session-dir`); why a mate was refused is
    /// reported on standard error.
    private func liveSessions(in folder: String?, invocation: CommandInvocation) throws -> any LiveSessionRepository {
        try container.makeLiveSessionRepository(in: folder, log: { invocation.writeError("running: \($0)") })
    }

    /// A session over TCP; refused and dropped connections are reported on standard error. In a sandboxed
    /// helper, strata opens the sockets for the address typed (`"endpoint"` in plugin.json).
    private func networkSessions(_ endpoint: LiveEndpoint, invocation: CommandInvocation) throws -> TCPLiveSessionRepository {
        try container.makeNetworkLiveSessionRepository(endpoint, log: { invocation.writeError("running: \($0)") })
    }

    /// Messages about the session go to standard output, or to standard error when it carries JSON.
    private func announcer(_ invocation: CommandInvocation, json: Bool) -> @Sendable (String) -> Void {
        if json {
            return { message in invocation.writeError(message) }
        }
        return { message in invocation.write(message + "\n") }
    }

    /// Runs `body`, which strata cancels at Ctrl-C (or SIGTERM), saying what that means for the session.
    private func interruptible<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch is CancellationError {
            throw Interrupted()
        }
    }
}

/// Ctrl-C (or SIGTERM) before a live run began: the session was left. Exits 130, as a run cancelled with
/// Ctrl-C does.
struct Interrupted: Error, CustomStringConvertible {
    var description: String { "interrupted; the session was left" }
}
