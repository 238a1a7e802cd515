import Foundation
import Testing

/// Drives the real `strata` binary in a tmux terminal as a person would: the home screen lists the
/// features, Enter opens one, Esc comes back, q quits; and whatever ends or pauses the app (q, Ctrl-C,
/// SIGTERM, Ctrl-Z), the shell gets its terminal back in canonical mode with echo on.
@Suite struct InteractiveAppTests {
    static let homeHelp = "↑↓ move · Enter open · a audit · ? keys · q quit · t usage"

    @Test func homeScreenOpensAFeatureGoesBackAndQuitsLeavingTheTerminalAsItWas() async throws {
        let (terminal, sandbox) = try await startStrata()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }

        // Home: every feature, the disabled one marked, the help line.
        let home = try await terminal.waitFor("the home screen") { $0.contains(Self.homeHelp) }
        #expect(home.first == " Strata")
        for name in ["Movies", "Running", "Blocks"] {
            #expect(home.contains { $0.contains(name) }, "\(name) is missing from the home screen:\n\(home.joined(separator: "\n"))")
        }
        #expect(home.contains { $0.contains("LuckyVicky") && $0.contains("disabled") }, "a disabled feature is named from its descriptor")

        // Select Running and open it: its title joins the path in the title bar.
        var screen = home
        for _ in 0..<8 where !screen.contains(where: { $0.contains("› Running") }) {
            let before = screen
            try terminal.press("Down")
            screen = try await terminal.waitFor("the selection to move") { $0 != before }
        }
        #expect(screen.contains { $0.contains("› Running") })
        try terminal.press("Enter")
        try await terminal.waitFor("Running to open") { $0.first?.hasPrefix(" Strata › Running") == true }

        // Esc returns home.
        try terminal.press("Escape")
        let back = try await terminal.waitFor("the home screen again") { $0.first == " Strata" && $0.contains { $0.contains("Features") } }
        #expect(back.last == Self.homeHelp)

        // q quits: the shell prompt is back and the terminal is out of raw mode.
        try terminal.type("q")
        #expect(try await waitForExit(terminal) == 0)
        try await expectTerminalRestored(terminal)
    }

    /// Ctrl-C typed, or SIGTERM sent by another process: either way the app ends with 128 + the signal.
    enum Ending: CaseIterable { case ctrlC, sigterm }

    @Test(arguments: Ending.allCases)
    func aSignalEndsTheAppWithItsStatusAndRestoresTheTerminal(_ ending: Ending) async throws {
        let (terminal, sandbox) = try await startStrata()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await terminal.waitFor("the home screen") { $0.contains(Self.homeHelp) }
        switch ending {
        case .ctrlC: try terminal.press("C-c")
        case .sigterm: #expect(kill(try terminal.foregroundChild(), SIGTERM) == 0)
        }
        #expect(try await waitForExit(terminal) == 128 + (ending == .ctrlC ? SIGINT : SIGTERM))
        try await expectTerminalRestored(terminal)
    }

    @Test func ctrlZHandsTheTerminalBackAndFgResumesTheApp() async throws {
        let (terminal, sandbox) = try await startStrata()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await terminal.waitFor("the home screen") { $0.contains(Self.homeHelp) }
        try terminal.press("C-z")
        try await terminal.waitFor("the shell after Ctrl-Z") { lines in
            guard let stopped = lines.firstIndex(where: { $0.contains("Stopped") }) else { return false }
            return lines[stopped...].contains { $0.hasPrefix("READY>") }
        }
        try await expectTerminalRestored(terminal)

        try terminal.type("fg", enter: true)
        let resumed = try await terminal.waitFor("the home screen after fg") { $0.contains(Self.homeHelp) }
        try terminal.press("Down")  // keys arrive one by one again: raw mode is back
        try await terminal.waitFor("the selection to move") { $0 != resumed && $0.contains(Self.homeHelp) }
        try terminal.type("q")
        try await terminal.waitFor("the shell after q") { $0.last?.hasPrefix("READY>") == true && !$0.contains(Self.homeHelp) }
        try await expectTerminalRestored(terminal)
    }

    @Test func aPluginThatTrapsWhenOpenedBringsTheAppBackHomeWithANoticeAndIsSkipped() async throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        // A crash in strata's own process: the drop-in runs there (and its screens open only there).
        let (terminal, _) = try await startStrata(
            in: sandbox, config: #"{"pluginDirectories": ["plugins"], "features": {"gpt": {"enabled": false}, \#(Sandbox.inProcess("traps"))}}"#)
        defer { terminal.close() }
        var screen = try await terminal.waitFor("the home screen") { $0.contains(Self.homeHelp) }
        for _ in 0..<8 where !screen.contains(where: { $0.contains("› Fixture TrapsAtLoad") }) {
            let before = screen
            try terminal.press("Down")
            screen = try await terminal.waitFor("the selection to move") { $0 != before }
        }
        try terminal.press("Enter")

        let back = try await terminal.waitFor("the home screen with the notice") { $0.contains { $0.contains("The traps plugin stopped with SIG") } }
        #expect(back.contains { $0.contains("strata plugins retry traps") })
        #expect(back.contains { $0.contains("Fixture TrapsAtLoad") && $0.contains("crashed") }, "\(back.joined(separator: "\n"))")
        // The restarted app reads keys one by one (raw mode is on again), and the plugin stays skipped.
        try terminal.press("Enter")
        try await terminal.waitFor("the reason it is skipped") { $0.contains { $0.contains("could not be loaded") } }
        try terminal.press("Escape")
        try await terminal.waitFor("the alert to close") { !$0.contains { $0.contains("could not be loaded") } }
        try terminal.type("q")
        #expect(try await waitForExit(terminal) == 0)
        try await expectTerminalRestored(terminal)
    }

    @Test(arguments: [SIGILL, SIGABRT, SIGSEGV])
    func aFatalSignalSentToTheAppRestoresTheTerminal(signal: Int32) async throws {
        let (terminal, sandbox) = try await startStrata()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await terminal.waitFor("the home screen") { $0.contains(Self.homeHelp) }
        #expect(kill(try terminal.foregroundChild(), signal) == 0)
        #expect(try await waitForExit(terminal) == 128 + signal)
        try await expectTerminalRestored(terminal)
        let screen = try terminal.lines()
        #expect(!screen.contains(Self.homeHelp), "the main screen is back")
    }

    /// A fresh terminal with a known prompt, running `strata` with a sandbox config (Gpt disabled), followed
    /// by `echo STRATA_EXIT=$?`.
    /// #50 item 16: in a locale without UTF-8 (LANG=C) the app writes ASCII stand-ins for its symbols; with
    /// UTF-8 it writes them. `running track` on a terminal does the same (its map was braille either way).
    @Test func aLocaleWithoutUTF8GetsASCIIStandIns() async throws {
        let (terminal, sandbox) = try await startStrata(in: try Sandbox(), config: #"{"features": {"gpt": {"enabled": false}}}"#,
                                                        variables: "LC_ALL= LC_CTYPE= LANG=C")
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        let home = try await terminal.waitFor("the home screen") { $0.contains { $0.contains("Enter open") } }
        let text = home.joined(separator: "\n")
        #expect(text.contains("> Blocks") || text.contains("> LuckyVicky") || text.contains("> Movies"), "\(text)")
        #expect(!text.contains { !$0.isASCII }, "\(text)")
        try terminal.press("C-c")
        #expect(try await waitForExit(terminal) == 130)

        let track = BuildProducts.repositoryRoot.appendingPathComponent("Tests/Fixtures/Data/gpx/togeojson_run.gpx").path
        let strata = "XDG_STATE_HOME=\(sandbox.state.path) \(BuildProducts.strata) --config \(sandbox.config.path) --data-dir \(sandbox.data.path)"
        try terminal.type("clear; LC_ALL=C \(strata) running track \(track); echo TRACK_DONE", enter: true)
        let ascii = try await terminal.waitFor("the track in ASCII") { $0.contains { $0.hasPrefix("TRACK_DONE") } }
        #expect(ascii.contains { $0.hasPrefix("Map") } && !ascii.contains { $0.contains { !$0.isASCII } }, "\(ascii.joined(separator: "\n"))")
        try terminal.type("clear; LC_ALL=C.UTF-8 \(strata) running track \(track); echo TRACK_DONE", enter: true)
        let unicode = try await terminal.waitFor("the track in UTF-8") { $0.contains { $0.hasPrefix("TRACK_DONE") } }
        #expect(unicode.contains { $0.contains("⠀") }, "braille with UTF-8: \(unicode.joined(separator: "\n"))")
    }

    func startStrata() async throws -> (TmuxTerminal, Sandbox) {
        try await startStrata(in: try Sandbox(), config: #"{"features": {"gpt": {"enabled": false}}}"#)
    }

    /// `backtrace`: with the Swift runtime's backtracer on, as for a user; `variables`: more of strata's
    /// environment, as the shell takes them (`HOME=/x`).
    func startStrata(in sandbox: Sandbox, config: String, backtrace: Bool = false, variables: String = "") async throws -> (TmuxTerminal, Sandbox) {
        try sandbox.writeConfig(config)
        let terminal = try TmuxTerminal()
        try await terminal.waitForShell()
        let backtracer = backtrace ? "enable=yes,interactive=no,symbolicate=off" : "enable=no"
        try terminal.type("clear; \(variables) XDG_STATE_HOME=\(sandbox.state.path) SWIFT_BACKTRACE=\(backtracer) \(BuildProducts.strata) "
                          + "--config \(sandbox.config.path) --data-dir \(sandbox.data.path); echo STRATA_EXIT=$?", enter: true)
        return (terminal, sandbox)
    }

    /// Waits for `STRATA_EXIT=` and the prompt after it; returns the exit status.
    func waitForExit(_ terminal: TmuxTerminal) async throws -> Int32? {
        let lines = try await terminal.waitFor("strata to exit") { lines in
            guard let exit = lines.firstIndex(where: { $0.hasPrefix("STRATA_EXIT=") }) else { return false }
            return lines[exit...].contains { $0.hasPrefix("READY>") }
        }
        return lines.first { $0.hasPrefix("STRATA_EXIT=") }.flatMap { Int32($0.dropFirst("STRATA_EXIT=".count)) }
    }

    /// Runs `stty -a` in the shell and expects canonical mode and echo, as before `strata` ran.
    func expectTerminalRestored(_ terminal: TmuxTerminal) async throws {
        try terminal.type("clear; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | sort | tr '\\n' ' '; "
                          + "echo STTY_DONE", enter: true)
        let stty = try await terminal.waitFor("stty") { $0.contains { $0.hasSuffix("STTY_DONE") && !$0.contains("echo STTY_DONE") } }
        #expect(stty.contains("echo icanon STTY_DONE"), "terminal settings after strata:\n\(stty.joined(separator: "\n"))")
    }
}

/// A tmux session on a private server, sized 160×30, running a plain bash.
final class TmuxTerminal {
    private let socket = "strata-test-\(UUID().uuidString.prefix(8))"
    private let tmuxPath: String

    init() throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/tmux" }
        guard let found = path.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw TmuxError("tmux is not on PATH; install it (apt-get install tmux; Scripts/test does) to run this test")
        }
        tmuxPath = found
        try tmux(["new-session", "-d", "-s", "main", "-x", "160", "-y", "30", "bash --norc --noprofile"])
    }

    /// Sets the shell's prompt to `READY> ` and waits for it: the shell is ready for a command line.
    func waitForShell() async throws {
        try type("PS1='READY> '", enter: true)
        try await waitFor("prompt") { $0.contains { $0.hasPrefix("READY>") } }
    }

    /// Types `text` literally, then Enter if asked.
    func type(_ text: String, enter: Bool = false) throws {
        try tmux(["send-keys", "-t", "main", "-l", text])
        if enter { try press("Enter") }
    }

    /// Pastes `text` as a terminal does, in a bracketed paste when the app asked for one.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "test", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "test", "-t", "main"])
    }

    /// Presses keys by their tmux names (`Enter`, `Escape`, `Down`), several in one burst.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Appends everything the pane's program writes from now on, raw, to `file`.
    func record(to file: URL) throws {
        try tmux(["pipe-pane", "-t", "main", "-o", "cat >> '\(file.path)'"])
    }

    /// Resizes the terminal to `width` × `height` cells (the app gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen, one string per row, trailing spaces and trailing empty rows removed.
    func lines() throws -> [String] {
        var rows = try tmux(["capture-pane", "-t", "main", "-p"]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while rows.last == "" { rows.removeLast() }
        return rows
    }

    /// Polls the screen until `condition` holds, for at most `seconds`; returns the screen that satisfied it.
    @discardableResult
    func waitFor(_ what: String, seconds: Double = 20, _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var screen = try lines()
        while !condition(screen) {
            guard Date() < deadline else {
                throw TmuxError("waited \(Int(seconds)) s for \(what); the terminal shows:\n\(screen.joined(separator: "\n"))")
            }
            usleep(20_000)  // poll interval
            screen = try lines()
        }
        return screen
    }

    /// A tmux format for the pane, such as `#{alternate_on}` (1 while the alternate screen is on).
    func pane(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process the shell in the pane is running in the foreground (its only child).
    func foregroundChild() throws -> pid_t {
        let shell = try tmux(["display-message", "-p", "-t", "main", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
            .split(separator: " ").compactMap { pid_t($0) }
        guard children.count == 1, let child = children.first else {
            throw TmuxError("expected one process under the shell \(shell), found \(children)")
        }
        return child
    }

    func close() {
        _ = try? tmux(["kill-server"])
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let (status, output) = try spawn(tmuxPath, ["-L", socket, "-f", "/dev/null"] + arguments)
        guard status == 0 else {
            throw TmuxError("tmux \(arguments.joined(separator: " ")) failed (\(status)): \(output)")
        }
        return output
    }

    /// Runs a program and waits for it (`launch`: none of this process's other open files, no signal
    /// blocked), so that the tmux server `new-session` leaves running holds no descriptor anyone waits on.
    private func spawn(_ path: String, _ arguments: [String]) throws -> (Int32, String) {
        let result = try launch(path, arguments).wait(timeout: 60)
        return (result.status, result.stdout + result.stderr)
    }
}

private struct TmuxError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
