import FoundationEssentials
import Glibc
import StrataBase
import StrataTerminal

/// The interactive app's side of `strata dev`: it remembers the feature on screen so that the app started
/// after a rebuild opens it again, and shows the build failures the dev loop sends.
@MainActor
struct DevAppLink {
    private let screenFile: String
    private let failures: Int32?

    /// `nil` unless the app runs under `strata dev`.
    init?(environment: [String: String]) {
        guard let screenFile = environment[DevLoop.screenFileVariable] else { return nil }
        self.screenFile = screenFile
        failures = environment[DevLoop.failuresVariable].flatMap(Int32.init)
    }

    /// The id of the feature the app showed before it was restarted.
    var featureOnScreen: String? {
        (try? String(contentsOfFile: screenFile, encoding: .utf8)).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Records the feature on screen (`nil`: the home screen).
    func remember(_ id: String?) {
        try? (id ?? "").write(toFile: screenFile, atomically: true, encoding: .utf8)
    }

    /// Presents each build failure the dev loop sends as a dialog over whatever is on screen.
    func showFailures(in navigator: Navigator) {
        guard let failures else { return }
        let started = detachThread(named: "strata-dev-link") {
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(failures, &buffer, buffer.count)
                if count <= 0 { return }
                pending += buffer[..<count]
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Array(pending[..<end])
                    pending.removeSubrange(...end)
                    guard case .object(let fields)? = try? JSONValue.parse(line).value,
                        case .string(let message)? = fields["buildFailed"]
                    else { continue }
                    Task { @MainActor in
                        if navigator.top is AlertScreen, navigator.top.title == Self.failureTitle { navigator.dismiss() }
                        navigator.presentAlert(title: Self.failureTitle, message: Sanitizer.sanitizeLines(message))
                    }
                }
            }
        }
        precondition(started, "can't start the thread that shows the dev loop's build failures: the system is out of threads")
    }

    static let failureTitle = "Build failed"
}
