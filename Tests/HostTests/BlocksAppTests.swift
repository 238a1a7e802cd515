import Foundation
import Testing

/// Blocks in the real app, in tmux: the Keys dialog lists the list keys, the timer form gives a timer's
/// example, a pasted tab is a space, and a daily's 0 focus is said to become a minute where it is saved.
@Suite struct BlocksAppTests {
    let app = InteractiveAppTests()

    /// Strata on the Blocks menu (the other features off).
    func openBlocks() async throws -> (TmuxTerminal, Sandbox) {
        let (terminal, sandbox) = try await app.startStrata(
            in: try Sandbox(), config: #"{"features": {"gpt": {"enabled": false}, "movies": {"enabled": false}, "running": {"enabled": false}}}"#)
        try await select("Blocks", in: terminal)
        try terminal.press("Enter")
        try await terminal.waitFor("the Blocks menu") { $0.first == " Strata › Blocks" }
        return (terminal, sandbox)
    }

    /// Moves the selection down to the row named `name` (the selected row starts with `›`; the title bar
    /// above the list, which may name it too, is not read).
    func select(_ name: String, in terminal: TmuxTerminal) async throws {
        var screen = try await terminal.waitFor("a list") { $0.dropFirst().contains { $0.contains("› ") } }
        for _ in 0..<8 where !screen.dropFirst().contains(where: { $0.contains("› \(name)") }) {
            let before = screen
            try terminal.press("Down")
            screen = try await terminal.waitFor("the selection to move") { $0 != before }
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func theKeysDialogTheTimerFormAndAPastedTab() async throws {
        let (terminal, sandbox) = try await openBlocks()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await select("Timers", in: terminal)
        try terminal.press("Enter")
        let empty = try await terminal.waitFor("the timers") { $0.first == " Strata › Blocks › Timers" }
        // An empty list offers only what works on it (#50 item 20: it offered Enter start, e edit, d delete).
        let footer = empty.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        #expect(footer.contains("a add"), "\(footer)")
        #expect(!footer.contains("Enter") && !footer.contains("e edit") && !footer.contains("d delete"), "\(footer)")

        // ? lists every key the list understands, from the table the list acts on.
        try terminal.type("?")
        let keys = try await terminal.waitFor("the Keys dialog") { $0.contains { $0.contains("these keys") } }
        for key in ["↑ k previous", "↓ j next", "Home g first", "End G last", "a add"] {
            #expect(keys.contains { $0.contains(key) }, "\(key) is missing:\n\(keys.joined(separator: "\n"))")
        }
        try terminal.press("Escape")
        try await terminal.waitFor("the dialog to close") { !$0.contains { $0.contains("these keys") } }

        // The timer form's empty title gets a timer's example.
        try terminal.type("a")
        try await terminal.waitFor("the timer form") { $0.contains { $0.contains("Title:") } }
        try terminal.press("Enter")
        let refused = try await terminal.waitFor("the empty-title message") { $0.contains { $0.contains("The title is empty") } }
        #expect(refused.contains { $0.contains(#"e.g. "Pomodoro""#) }, "\(refused.joined(separator: "\n"))")

        // A pasted tab becomes a space.
        try terminal.paste("Green\ttea")
        let pasted = try await terminal.waitFor("the pasted title") { $0.contains { $0.contains("Title: Green") } }
        #expect(pasted.contains { $0.contains("Title: Green tea") }, "\(pasted.joined(separator: "\n"))")
        try terminal.press("C-c")
        #expect(try await app.waitForExit(terminal) == 130)
    }

    @Test(.timeLimit(.minutes(10)))
    func aDailysZeroFocusIsSaidToBecomeAMinuteOnTheStepThatSavesIt() async throws {
        let (terminal, sandbox) = try await openBlocks()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await select("Daily", in: terminal)
        try terminal.press("Enter")
        try await terminal.waitFor("the dailies") { $0.first?.hasPrefix(" Strata › Blocks › Daily") == true }
        try terminal.type("a")
        try await terminal.waitFor("the daily form") { $0.contains { $0.contains("Step 1 of 2") } }
        try terminal.type("Study")
        try terminal.press("Tab")
        try terminal.type("0")
        try await terminal.waitFor("the note on step 1") { $0.contains { $0.contains("A duration of 0s is saved as 1m") } }
        try terminal.press("Enter")
        let second = try await terminal.waitFor("step 2") { $0.contains { $0.contains("Step 2 of 2") } }
        #expect(second.contains { $0.contains("A duration of 0s is saved as 1m") }, "\(second.joined(separator: "\n"))")

        // Step 2's error stays on step 2: Esc back to step 1 once showed "The start looks like 09:00." there
        // (#50 item 14).
        try terminal.type("x")
        try terminal.press("Enter")
        try await terminal.waitFor("step 2's error") { $0.contains { $0.contains("The start looks like 09:00.") } }
        try terminal.press("Escape")
        let first = try await terminal.waitFor("step 1") { $0.contains { $0.contains("Step 1 of 2") } }
        #expect(!first.contains { $0.contains("The start looks like") }, "\(first.joined(separator: "\n"))")
        try terminal.press("C-c")
        #expect(try await app.waitForExit(terminal) == 130)
    }
}

/// `strata clock --watch` in a real terminal: Ctrl-C, its documented way to stop, ends it quietly with 130
/// (it printed `blocks: CancellationError()`).
@Suite struct ClockWatchTerminalTests {
    @Test(.timeLimit(.minutes(10)))
    func ctrlCEndsTheWatchQuietlyInATerminal() async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)"]}"#)
        let terminal = try TmuxTerminal()
        defer { terminal.close() }
        try await terminal.waitForShell()
        try terminal.type("clear; XDG_STATE_HOME=\(sandbox.state.path) \(BuildProducts.strata) --config \(sandbox.config.path) "
                          + "--data-dir \(sandbox.data.path) clock --watch; echo WATCH_EXIT=$?", enter: true)
        try await terminal.waitFor("the watch") { $0.contains { $0.contains("Nothing") } }
        try terminal.press("C-c")
        let screen = try await terminal.waitFor("the exit") { lines in
            lines.contains { $0.hasPrefix("WATCH_EXIT=") } && lines.last?.hasPrefix("READY>") == true
        }
        #expect(screen.contains("WATCH_EXIT=130"), "\(screen.joined(separator: "\n"))")
        #expect(!screen.contains { $0.contains("blocks:") || $0.contains("Error") }, "\(screen.joined(separator: "\n"))")
    }
}
