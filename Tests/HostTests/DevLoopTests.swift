import Foundation
import Testing

/// `strata dev` as a plugin author uses it, in a real terminal: a scaffolded plugin is built and opened;
/// a saved change appears on the screen it was on; a broken build shows the compiler's error inside the
/// app, which stays up; the fix brings the new code back. Then the same loop for a command.
@Suite struct DevLoopTests {
    @Test(.timeLimit(.minutes(20)))
    func aSavedChangeIsBuiltAndShownAndABrokenBuildKeepsTheAppUp() async throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.strata(["plugins", "new", "Hello", "--path", sandbox.root.path]).status == 0)
        let package = sandbox.root.appendingPathComponent("Hello")
        let screenSource = package.appendingPathComponent("Sources/HelloPresentation/HelloScreen.swift")
        // Only the plugin under development: the plugin folder is empty.
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(sandbox.plugins.path)"]}"#)

        let terminal = try TmuxTerminal()
        defer { terminal.close() }
        try await terminal.waitForShell()
        let strata = "TMPDIR=\(try sandbox.temporaryFolder().path) XDG_STATE_HOME=\(sandbox.state.path) SWIFT_BACKTRACE=enable=no \(BuildProducts.strata) "
            + "--config \(sandbox.config.path) --data-dir \(sandbox.data.path)"
        try terminal.type("clear; \(strata) dev \(package.path); echo STRATA_EXIT=$?", enter: true)

        // The first build compiles the SDK too; then the home screen lists the plugin being developed.
        try await terminal.waitFor("the first build and the home screen", seconds: 900) { $0.contains { $0.contains("› Hello") } }
        try terminal.press("Enter")
        try await terminal.waitFor("the plugin's screen") { $0.contains { $0.contains("Who should be greeted?") } }

        // A saved change: built, and the app comes back on the same screen with the new text.
        try edit(screenSource, "Who should be greeted?", "Whom shall we greet?")
        let changed = try await terminal.waitFor("the changed text", seconds: 300) { $0.contains { $0.contains("Whom shall we greet?") } }
        #expect(changed.first == " Strata › Hello", "the app came back on the plugin's screen:\n\(changed.joined(separator: "\n"))")

        // A broken build: the compiler's error in a dialog over the screen; the app stays up.
        try edit(screenSource, "canvas.draw(viewModel.greeting, row: 4)", "canvas.draw(viewModel.greetin, row: 4)")
        let failed = try await terminal.waitFor("the build error", seconds: 300) { $0.contains { $0.contains("┌─ Build failed") } }
        let dialog = failed.joined(separator: "\n")
        #expect(dialog.contains("'greetin'"), "the compiler's error is shown:\n\(dialog)")
        #expect(dialog.contains("Sources/HelloPresentation/HelloScreen.swift:38"), "the error names the file inside the package")
        #expect(dialog.contains("Whom shall we greet?"), "the app still shows the last good build under the dialog")
        try terminal.press("Escape")
        try await terminal.waitFor("the old screen, still running") { lines in
            !lines.contains { $0.contains("Build failed") } && lines.contains { $0.contains("Whom shall we greet?") }
        }

        // The fix (with one more change, to see the new build on screen) brings the app back.
        try edit(screenSource, "canvas.draw(viewModel.greetin, row: 4)", "canvas.draw(viewModel.greeting, row: 4)")
        try edit(screenSource, "Whom shall we greet?", "Greet whom?")
        try await terminal.waitFor("the fixed build", seconds: 300) { $0.contains { $0.contains("Greet whom?") } }

        // Esc, then q quits the app and the dev loop with it, leaving no work folder behind.
        try terminal.press("Escape")
        try await terminal.waitFor("the home screen") { $0.first == " Strata" }
        try terminal.type("q")
        try await terminal.waitFor("strata dev to end") { $0.contains { $0.hasPrefix("STRATA_EXIT=0") } }
        let work = sandbox.state.appendingPathComponent("strata/dev")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).isEmpty)

        // The loop for a command: it runs after each build, and again after a change.
        let salutation = package.appendingPathComponent("Sources/HelloData/FileSalutationRepository.swift")
        try terminal.type("clear; \(strata) dev \(package.path) -- hello greet Ada; echo STRATA_EXIT=$?", enter: true)
        let first = try await terminal.waitFor("the command's output", seconds: 300) { $0.contains("Hello, Ada!") }
        // Lines the terminal wrapped are joined back.
        #expect(first.joined().contains("to run this build's commands from another shell: STRATA_DEV_PLUGIN_DIR="),
                "\(first.joined(separator: "\n"))")
        // Another command, typed while it watches, runs with the same build (before: one command a session).
        try await terminal.waitFor("the prompt for another command") { $0.joined().contains("Type another command") }
        try terminal.type("hello greet \"Bo Li\"", enter: true)
        try await terminal.waitFor("the typed command's output", seconds: 60) { $0.contains("Hello, Bo Li!") }
        try edit(salutation, "? \"Hello\" :", "? \"Hi\" :")
        try await terminal.waitFor("the last command run again", seconds: 300) { $0.contains("Hi, Bo Li!") }
        try terminal.press("C-c")
        try await terminal.waitFor("Ctrl-C to end the loop") { $0.contains { $0.hasSuffix("STRATA_EXIT=130") } }
    }

    @Test func aMissingOrWrongPackageIsAUsageErrorThatSaysWhatToGive() throws {
        let sandbox = try Sandbox()
        let missing = try sandbox.strata(["dev"])
        #expect(missing.status == 2 && missing.stderr.contains("missing PACKAGE") && missing.stderr.contains("strata dev PACKAGE"))
        let notAPackage = try sandbox.strata(["dev", sandbox.plugins.path])
        #expect(notAPackage.status == 1 && notAPackage.stderr.contains("\(sandbox.plugins.path) is not a package folder"))
        let stray = try sandbox.strata(["dev", sandbox.root.path, "hello"])
        #expect(stray.status == 2 && stray.stderr.contains("put the command to run after `--`"))
    }

    /// Saves `file` with `old` replaced by `new`, in place, as an editor does.
    private func edit(_ file: URL, _ old: String, _ new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "\(file.lastPathComponent) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: false, encoding: .utf8)
    }
}
