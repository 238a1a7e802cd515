import BlocksDomain
import Dispatch
import Glibc
import StrataBase

/// A desktop notification through `notify-send` (libnotify's), when the environment has a desktop session
/// (a session bus, and an X or Wayland display) and `notify-send` is on `PATH`; nothing otherwise, not even
/// a message: the bell already rang. The notification is sent by a process of its own, not waited for.
public struct DesktopPhaseNotifier: PhaseNotifier {
    private let environment: [String: String]
    private let launch: @Sendable ([String]) -> Void

    /// - Parameter launch: runs a command line (a test passes one that records it).
    public init(environment: [String: String], launch: @escaping @Sendable ([String]) -> Void = DesktopPhaseNotifier.spawn) {
        self.environment = environment
        self.launch = launch
    }

    public func phaseEnded(title: String, phase: String) {
        if let command = command(title: title, phase: phase) { launch(command) }
    }

    /// The command line of the notification, or `nil` without a desktop session or `notify-send`.
    func command(title: String, phase: String) -> [String]? {
        guard environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
            let notifySend = executable("notify-send")
        else { return nil }
        // Titles are the person's text: no control characters, and no markup a notification server would read.
        let clean = { (text: String) in String(Sanitizer.sanitize(text).map { $0 == "<" ? "‹" : $0 }) }
        return [notifySend, "--app-name=Strata", "Strata: \(clean(title))", clean(phase)]
    }

    private func executable(_ name: String) -> String? {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(name)" }
            .first { access($0, X_OK) == 0 }
    }

    /// Starts `command` and reaps it on a background queue, so it neither blocks nor stays a zombie.
    public static let spawn: @Sendable ([String]) -> Void = { command in
        var pid: pid_t = 0
        var argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, command[0], nil, nil, &argv, environ) == 0 else { return }
        let child = pid
        DispatchQueue.global(qos: .utility).async {
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
    }
}
