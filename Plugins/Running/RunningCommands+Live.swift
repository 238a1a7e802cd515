import Foundation
import StrataBase
import RunningData
import RunningDomain
import RunningPresentation
import StrataPluginKit

extension RunningCommands {
    var host: PluginCommand {
        command(["running", "host"]) { arguments, invocation in
            let mode = try mode(arguments, allowed: [.race, .team], default: .race)
            let goal = try goal(arguments)
            let speed = try speed(arguments, live: true)
            let id = try sessionID(arguments.value("--session")) ?? SessionID.random()
            let me = try await loadTrack(try requiredTrack(arguments), pace: pace(arguments, "--pace"))
            let json = arguments.has("--json")
            let setting = RunningSetting(mode: mode, targetDistanceKm: goal, myNickname: nickname(arguments, invocation),
                                         sessionID: id.value)
            let announce = announcer(invocation, json: json)
            let waiting = secondsText(settings.inviteTimeoutSeconds)
            let connection: LiveConnection
            if let listen = arguments.value("--listen") {
                guard let endpoint = LiveEndpoint(listen) else {
                    throw CommandError.usage("--listen \(listen) is not ADDR:PORT (such as 0.0.0.0:7400, or 127.0.0.1:0 for any free port)")
                }
                if arguments.value("--session-dir") != nil { throw CommandError.usage("--session-dir is for a same-machine session; leave it out with --listen") }
                let network = networkSessions(endpoint, invocation: invocation)
                let host = DefaultHostLiveRunUseCase(sessions: network)
                connection = try await interruptible {
                    try await host.execute(setting, id: id, timeline: me.timeline) {
                        let port = network.listeningPort ?? endpoint.port
                        let name = endpoint.host == "0.0.0.0" ? ProcessInfo.processInfo.hostName : endpoint.host
                        announce("session \(id.value) is open on \(endpoint.host):\(port); waiting \(waiting) for a mate, who joins with:")
                        announce("  strata running join \(name):\(port) \(network.joinCode) --track FILE")
                    }
                }
            } else {
                let host = DefaultHostLiveRunUseCase(sessions: try liveSessions(arguments, invocation: invocation))
                // The join line a mate on this machine can run as it is: the same folder, if not the setting's.
                let folder = arguments.value("--session-dir").map { " --session-dir \(Self.shellQuoted($0))" } ?? ""
                connection = try await interruptible {
                    try await host.execute(setting, id: id, timeline: me.timeline) {
                        announce("session \(id.value): waiting \(waiting) for a mate. Join with: strata running join \(id.value)\(folder) --track FILE")
                    }
                }
            }
            announce("\(connection.setting.mateNickname ?? "A mate") joined; running \(mode.rawValue) to \(RunningFormat.distance(goal)) km.")
            let request = RunRequest(setting: connection.setting, timeline: me.timeline, route: me.track.summary,
                                     mate: connection.mate, weightKg: settings.weightKg, speed: speed)
            try await perform(request, invocation: invocation, json: json)
        }
    }

    var join: PluginCommand {
        command(["running", "join"]) { arguments, invocation in
            let first = arguments.positionals[0]  // TARGET, as plugin.json requires
            let endpoint = LiveEndpoint(first)
            let given = endpoint == nil ? first : try arguments.positional(1, "CODE (the join code the host printed)")
            guard let id = SessionID(given) else {
                throw CommandError.usage(endpoint == nil ? "session id \"\(given)\" is not 4 to 16 letters and digits"
                                                         : "join code \"\(given)\" is not the 16 letters and digits the host printed")
            }
            if let extra = arguments.positionals.dropFirst(endpoint == nil ? 1 : 2).first {
                throw CommandError.usage("unexpected argument '\(extra)'")
            }
            let speed = try speed(arguments, live: true)
            let me = try await loadTrack(try requiredTrack(arguments), pace: pace(arguments, "--pace"))
            let sessions: any LiveSessionRepository = try endpoint.map { networkSessions($0, invocation: invocation) }
                ?? liveSessions(arguments, invocation: invocation)
            let name = nickname(arguments, invocation)
            let join = DefaultJoinLiveRunUseCase(sessions: sessions)
            let connection = try await interruptible { try await join.execute(id, nickname: name, timeline: me.timeline) }
            let setting = connection.setting
            let announce = announcer(invocation, json: arguments.has("--json"))
            announce("joined \(setting.mateNickname ?? "the host")'s \(setting.mode.rawValue) to \(RunningFormat.distance(setting.targetDistanceKm)) km (session \(setting.sessionID ?? id.value)).")
            let request = RunRequest(setting: setting, timeline: me.timeline, route: me.track.summary,
                                     mate: connection.mate, weightKg: settings.weightKg, speed: speed)
            try await perform(request, invocation: invocation, json: arguments.has("--json"))
        }
    }

    /// `text` as one shell word: as it is when it is plain, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
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

    /// The sessions in the configured folder, or in `--session-dir`; why a mate was refused is reported on
    /// standard error.
    private func liveSessions(_ arguments: CommandArguments, invocation: CommandInvocation) throws -> any LiveSessionRepository {
        var custom = settings
        if let folder = arguments.value("--session-dir") { custom.sessionDirectory = folder }
        return RunningPlugin.liveSessions(settings: custom, opener: try context.service(), clock: try context.service(),
                                          log: { invocation.writeError("running: \($0)") })
    }

    /// A session over TCP; refused and dropped connections are reported on standard error.
    private func networkSessions(_ endpoint: LiveEndpoint, invocation: CommandInvocation) -> TCPLiveSessionRepository {
        TCPLiveSessionRepository(endpoint: endpoint,
                                 timing: .init(inviteTimeoutSeconds: settings.inviteTimeoutSeconds,
                                               mateLostSeconds: settings.disconnectAfterSeconds),
                                 log: { invocation.writeError("running: \($0)") })
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
