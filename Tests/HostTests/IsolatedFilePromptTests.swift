import Foundation
import Glibc
import StrataTesting
import Testing

/// A file typed in a process-isolated plugin's screen crosses only when the user allows it on strata's own
/// prompt (a "powerbox"): Running's setup form runs a track from outside its folder once allowed, and says
/// so when denied; the Hostile fixture gets the user's key only on Enter, is refused without a screen, and
/// is refused without asking after three denials. (Before, the sandbox kept every such file out.)
@Suite struct IsolatedFilePromptTests {
    let app = InteractiveAppTests()
    let isolated = IsolatedAppTests()

    /// The screen as one line of text, each row trimmed of spaces and box edges.
    static func text(_ screen: [String]) -> String {
        screen.map { $0.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    static func hasPrompt(_ screen: [String]) -> Bool {
        screen.contains { $0.contains("┌") && $0.contains(" strata ") } && text(screen).contains("asks to read")
    }

    @Test(.timeLimit(.minutes(10)))
    func aTrackTypedOutsideRunningsFolderRunsOnceAllowedOnStratasPrompt() async throws {
        let sandbox = try Sandbox()
        let terminal = try await isolated.setupForm(in: sandbox)
        defer { terminal.close() }
        try terminal.type(RunningAppProcessTests.track)
        try terminal.press("Up")
        try terminal.type("4")
        for _ in 0..<3 { try terminal.press("Down") }  // to Replay
        for _ in 0..<2 { try terminal.press("Right") }  // instant
        try await terminal.waitFor("an instant replay") { $0.contains { $0.contains("‹ instant ›") } }
        try terminal.press("Enter")
        let prompt = try await terminal.waitFor("strata's prompt") { Self.hasPrompt($0) }
        #expect(Self.text(prompt).contains("Running asks to read \(RunningAppProcessTests.track) (a track to run)"), "\(prompt.joined(separator: "\n"))")
        #expect(prompt.last?.contains("Enter allow") == true, "the help line is the prompt's: \(prompt.last ?? "")")
        try terminal.press("Enter")
        let result = try await terminal.waitFor("the run's result") { $0.contains { $0.contains("Goal reached!") } }
        #expect(result.contains { $0.contains("Distance  4.00 / 4.00 km") }, "\(result.joined(separator: "\n"))")
        #expect(!Self.hasPrompt(result))
    }

    @Test(.timeLimit(.minutes(10)))
    func aTrackDeniedOnStratasPromptIsTheFormsError() async throws {
        let sandbox = try Sandbox()
        let terminal = try await isolated.setupForm(in: sandbox)
        defer { terminal.close() }
        try terminal.type(RunningAppProcessTests.track)
        try terminal.press("Enter")
        try await terminal.waitFor("strata's prompt") { Self.hasPrompt($0) }
        try terminal.press("Escape")
        let screen = try await terminal.waitFor("the form's error") { Self.text($0).contains("you didn't allow strata to give Running the track") }
        #expect(screen.contains { $0.contains("› My track") }, "still on the form: \(screen.joined(separator: "\n"))")
        #expect(!Self.hasPrompt(screen))
    }

    /// `f` in the fixture's screen asks for `~/.ssh/id_rsa` (the test's HOME): Esc gives it nothing, Enter the
    /// file; after three denials strata refuses without asking.
    @Test(.timeLimit(.minutes(10)))
    func aHelperGetsTheUsersKeyOnlyOnEnterAndIsRefusedUnaskedAfterThreeDenials() async throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        let key = sandbox.root.appendingPathComponent(".ssh/id_rsa")
        try FileManager.default.createDirectory(at: key.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("SECRET-KEY-42\n".utf8).write(to: key)
        let config = IsolatedAppTests.config("hostile", extra: #""pluginDirectories": ["plugins"], "#)
        let (terminal, _) = try await app.startStrata(in: sandbox, config: config, variables: "HOME=\(sandbox.root.path)")
        defer { terminal.close() }
        try await isolated.open("Fixture Hostile", in: terminal, title: " Strata › Hostile")
        let copies = sandbox.data.appendingPathComponent("hostile/.strata-files")
        func copied() -> Bool { FileManager.default.enumerator(atPath: copies.path)?.contains { ($0 as? String)?.hasSuffix("id_rsa") == true } ?? false }

        func ask() async throws -> [String] {
            try terminal.type("f")
            return try await terminal.waitFor("strata's prompt") { Self.hasPrompt($0) }
        }
        func deny() async throws {
            _ = try await ask()
            try terminal.press("Escape")
            let screen = try await terminal.waitFor("the refusal") { !Self.hasPrompt($0) && Self.text($0).contains("refused: you didn't allow strata") }
            #expect(!Self.text(screen).contains("SECRET"))
        }

        let prompt = try await ask()
        #expect(Self.text(prompt).contains("Fixture Hostile asks to read \(key.path) (hostile test)"), "\(prompt.joined(separator: "\n"))")
        // While the prompt is up, the keys are strata's: the fixture's `g` (which writes what no frame is, and
        // would take the app home) doesn't reach it.
        try terminal.type("g")
        try terminal.press("Escape")
        let refused = try await terminal.waitFor("the refusal") { !Self.hasPrompt($0) && Self.text($0).contains("refused: you didn't allow strata") }
        #expect(!Self.text(refused).contains("SECRET") && !copied(), "nothing crossed")

        _ = try await ask()
        try terminal.press("Enter")
        try await terminal.waitFor("the key") { Self.text($0).contains("2 got: SECRET-KEY-42") }
        // Allowed once, it is given again without a prompt while the screen is open.
        try terminal.type("f")
        let again = try await terminal.waitFor("the key again") { Self.text($0).contains("3 got: SECRET-KEY-42") }
        #expect(!Self.hasPrompt(again), "\(again.joined(separator: "\n"))")

        // A screen opened again asks again; after three denials it asks no more.
        try terminal.press("Escape")
        try await isolated.open("Fixture Hostile", in: terminal, title: " Strata › Hostile")
        try await deny()
        try await deny()
        try await deny()
        try terminal.type("f")
        let unasked = try await terminal.waitFor("the refusal without a prompt") { Self.text($0).contains("strata asks no more") }
        #expect(!Self.hasPrompt(unasked), "\(unasked.joined(separator: "\n"))")
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    /// From a command there is no screen to ask on: in a helper it is refused; in process the plugin has
    /// the user's authority, and reads the file (which shows the test can fail).
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func aFileAskedForFromACommandIsRefusedInAHelper(_ isolation: Isolation) throws {
        let hostile = try IsolationProcessTests.Hostile(isolation)
        let result = try hostile.run("ask-file", hostile.secret.path)
        IsolationProcessTests().expectStoppedOnlyWhenIsolated(isolation, result, "asking for \(hostile.secret.path) from a command")
        if isolation == .process { #expect(result.stderr.contains("can't ask you for \(hostile.secret.path)"), "\(result.stderr)") }
    }
}
