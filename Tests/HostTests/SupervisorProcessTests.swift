import Foundation
import Testing

/// The app under its supervisor: the supervisor killed outright, a fatal signal sent to the app from
/// outside, a plugin that never finishes loading. Each ends or comes back without a broken terminal or a
/// plugin wrongly blamed.
@Suite struct SupervisorProcessTests {
    let app = InteractiveAppTests()

    /// SIGKILL, which the supervisor can't catch: the app notices and gives the terminal back, instead of
    /// leaving the alternate screen and a hidden cursor behind.
    @Test(.timeLimit(.minutes(10)))
    func killingTheSupervisorRestoresTheTerminal() async throws {
        let (terminal, sandbox) = try await app.startStrata()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        #expect(try terminal.pane("#{alternate_on} #{cursor_flag}") == "1 0", "the app is on the alternate screen, cursor hidden")

        #expect(kill(try terminal.foregroundChild(), SIGKILL) == 0)
        // No key is pressed: the app has to notice by itself. (The shell's "STRATA_EXIT=137" may land on
        // the alternate screen just before the app leaves it, so the screen is not waited on.)
        let deadline = Date().addingTimeInterval(20)
        while try terminal.pane("#{alternate_on} #{cursor_flag}") != "0 1" && Date() < deadline {
            usleep(20_000)  // polling the pane
        }
        #expect(try terminal.pane("#{alternate_on} #{cursor_flag}") == "0 1", "main screen and cursor shown again")
        try await app.expectTerminalRestored(terminal)
    }

    /// `kill -SEGV` sent to the app (not the supervisor) on Movies' screen, backtracer on: the app ends by
    /// it, the supervisor blames no plugin and ends the same way.
    @Test(.timeLimit(.minutes(10)))
    func aSignalSentToTheAppOnAPluginScreenBlamesNoPlugin() async throws {
        let (terminal, sandbox) = try await app.startStrata(in: try Sandbox(), config: #"{"features": {"gpt": {"enabled": false}}}"#,
                                                            backtrace: true)
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await open("Movies", in: terminal)
        let supervisor = try terminal.foregroundChild()
        let children = try String(contentsOfFile: "/proc/\(supervisor)/task/\(supervisor)/children", encoding: .utf8)
            .split(separator: " ").compactMap { pid_t($0) }
        #expect(children.count == 1)
        #expect(kill(try #require(children.first), SIGSEGV) == 0)

        // The backtrace may still be scrolling past the shell's line: look for it anywhere on a line.
        let screen = try await terminal.waitFor("strata to exit", seconds: 60) { $0.contains { $0.contains("STRATA_EXIT=") } }
        let code = screen.first { $0.contains("STRATA_EXIT=") }?.components(separatedBy: "STRATA_EXIT=").last?.prefix { $0.isNumber }
        #expect(code == "\(128 + SIGSEGV)", "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("stopped with SIGSEGV (11) outside any plugin's code") })
        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(rows["movies"]?.state == "enabled", "\(rows["movies"]?.error ?? "")")
    }

    /// A plugin whose library never finishes loading: after the load deadline the app is back home with a
    /// notice, and the plugin is skipped as timed out.
    @Test(.timeLimit(.minutes(10)))
    func aPluginThatHangsWhenOpenedTimesOutAndTheAppComesBack() async throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "HangsAtLoad", as: "Hangs")
        // strata's own load watchdog: the drop-in runs in strata (and its screens open only there).
        let (terminal, _) = try await app.startStrata(in: sandbox, config: #"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("hangs"))}}"#)
        defer { terminal.close() }
        try await open("Fixture HangsAtLoad", in: terminal)

        let back = try await terminal.waitFor("the home screen with the notice", seconds: 40) {
            $0.contains { $0.contains("The hangs plugin did not finish loading within 10 s") }
        }
        #expect(back.contains { $0.contains("strata plugins retry hangs") })
        #expect(back.contains { $0.contains("Fixture HangsAtLoad") && $0.contains("timed out") }, "\(back.joined(separator: "\n"))")
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
        try await app.expectTerminalRestored(terminal)
    }

    /// Moves the home screen's selection to `name` and opens it.
    private func open(_ name: String, in terminal: TmuxTerminal) async throws {
        var screen = try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        for _ in 0..<8 where !screen.contains(where: { $0.contains("› \(name)") }) {
            let before = screen
            try terminal.press("Down")
            screen = try await terminal.waitFor("the selection to move") { $0 != before }
        }
        try terminal.press("Enter")
        if name == "Movies" { try await terminal.waitFor("Movies to open") { $0.first?.hasPrefix(" Strata › Movies") == true } }
    }
}
