import Foundation
import Testing

/// A drop-in gets only what the user said yes to: what it reaches beyond its data folder (Hostile declares
/// a host, a variable, an address its command takes and a screen) is refused until `strata plugins allow`,
/// an update that asks for more is held, and grants too wide for a keypress only the config can give.
@Suite struct PluginApprovalProcessTests {
    /// Hostile dropped into a plugin folder and not approved, with `features` in the config.
    func hostile(features: String = "") throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile", approved: false)
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"]\#(features.isEmpty ? "" : #", "features": {\#(features)}"#)}"#)
        return sandbox
    }

    /// Replaces the capabilities Hostile's descriptor declares with `json` (no longer than what it replaces;
    /// padded with spaces), as an update of the library that declares other things would.
    static func declare(_ json: String, in sandbox: Sandbox) throws {
        let url = sandbox.plugins.appendingPathComponent("libHostilePlugin.so")
        var bytes = try Data(contentsOf: url)
        let start = try #require(bytes.range(of: Data(#""capabilities":{"#.utf8)), "no capabilities in the descriptor")
        // Its closing brace (objects nest in "files"), and the spaces an earlier replacement padded it with.
        var end = start.upperBound, depth = 1
        while depth > 0 {
            depth += bytes[end] == UInt8(ascii: "{") ? 1 : bytes[end] == UInt8(ascii: "}") ? -1 : 0
            end += 1
        }
        while bytes[end] == UInt8(ascii: " ") { end += 1 }
        let old = start.upperBound - 1..<end
        precondition(json.utf8.count <= old.count, "\(json) is longer than the declaration it replaces (\(old.count) bytes)")
        bytes.replaceSubrange(old, with: Data((json + String(repeating: " ", count: old.count - json.utf8.count)).utf8))
        try bytes.write(to: url)
    }

    func listed(_ sandbox: Sandbox) throws -> [String: Any] {
        let list = try sandbox.strata(["plugins", "list", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list.stderr)")
        return try #require(rows.first { $0["id"] as? String == "hostile" }, "\(list.stdout)")
    }

    /// Before, a drop-in ran with everything it declared, unasked: `hostile echo` printed `ok: works`.
    @Test func aDropInThatReachesBeyondItsFolderIsRefusedUntilAllowed() throws {
        let sandbox = try hostile()
        let refused = try sandbox.strata(["hostile", "echo", "works"])
        #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr.hasPrefix("strata: plugin hostile needs your approval before it runs: it asks to ")
                    && refused.stderr.hasSuffix("Run `strata plugins allow hostile` to see and approve it.\n")
                    && refused.stderr.split(separator: "\n").count == 1, "one line, naming the command: \(refused.stderr)")
        let row = try listed(sandbox)
        #expect(row["state"] as? String == "enabled", "the state scripts read is what it was")
        #expect(row["approval"] as? String == "needs approval")
        #expect(row["reaches"] as? [String] == ["environment", "network", "endpoint", "screens"])
        let table = try sandbox.strata(["plugins", "list"]).stdout
        #expect(table.contains("needs approval") && table.contains("environment,network,endpoint,screens"), "\(table)")
        #expect(try sandbox.strata(["plugins", "check", "--json"]).stdout.contains("needs your approval"), "no helper starts either")

        // Not in a terminal and without --yes: shown, not recorded.
        let shown = try sandbox.strata(["plugins", "allow", "hostile"])
        #expect(shown.status == 1 && shown.stderr.contains("Add --yes"), "\(shown.stderr)")
        for line in ["  Read the environment variable HOSTILE_DECLARED.", "  Connect to 127.0.0.1 (every port).",
                     "  Connect to the address you give strata hostile connect-typed ADDRESS.",
                     "  Open screens in the app, where it may ask you for files (each one with a prompt)."] {
            #expect(shown.stdout.contains(line + "\n"), "\(line) in \(shown.stdout)")
        }
        #expect(try sandbox.strata(["hostile", "echo", "works"]).status == 1)

        let allowed = try sandbox.strata(["plugins", "allow", "hostile", "--yes"])
        #expect(allowed.status == 0 && allowed.stdout.contains("Allowed hostile (SHA-256 "), "\(allowed.stdout) \(allowed.stderr)")
        #expect(try sandbox.strata(["hostile", "echo", "works"]).stdout == "ok: works\n")
        #expect(try listed(sandbox)["approval"] as? String == "approved")
        let record = try String(contentsOf: sandbox.state.appendingPathComponent("strata/approvals/hostile.json"), encoding: .utf8)
        #expect(record.contains("\"network:127.0.0.1\"") && record.contains("\"sha256\""), "\(record)")
    }

    /// A record that isn't whole and sound approves nothing, and says so.
    @Test func aDamagedApprovalIsNoApproval() throws {
        let sandbox = try hostile()
        #expect(try sandbox.strata(["plugins", "allow", "hostile", "--yes"]).status == 0)
        try Data("{\"id\": \"hostile\", \"grants\": [".utf8).write(to: sandbox.state.appendingPathComponent("strata/approvals/hostile.json"))
        let refused = try sandbox.strata(["hostile", "echo", "works"])
        #expect(refused.status == 1 && refused.stderr.contains("approval record can't be believed")
                    && refused.stderr.contains("Run `strata plugins allow hostile`"), "\(refused.stderr)")
    }

    /// Before, a rebuilt library ran with whatever it declared now.
    @Test func anUpdateThatAsksForMoreIsHeldAndOneThatAsksForLessIsNot() throws {
        let sandbox = try hostile()
        #expect(try sandbox.strata(["plugins", "allow", "hostile", "--yes"]).status == 0)
        try Self.declare(#"{"network":["127.0.0.1"]}"#, in: sandbox)
        #expect(try sandbox.strata(["hostile", "echo", "fewer"]).stdout == "ok: fewer\n", "fewer grants keep the approval")
        try Self.declare(#"{"environment":["HOSTILE_DECLARED","EXTRA"],"network":["127.0.0.1"]}"#, in: sandbox)
        let held = try sandbox.strata(["hostile", "echo", "more"])
        #expect(held.status == 1 && held.stderr.contains("plugin hostile needs your approval again: this build also asks to read the environment variable EXTRA."),
                "\(held.stderr)")
        #expect(try listed(sandbox)["approval"] as? String == "needs approval again")
        let shown = try sandbox.strata(["plugins", "allow", "hostile"])
        #expect(shown.stdout.contains("+ Read the environment variable EXTRA.\n") && shown.stdout.contains("  Read the environment variable HOSTILE_DECLARED.\n"),
                "the difference is marked: \(shown.stdout)")
        #expect(try sandbox.strata(["plugins", "allow", "hostile", "--yes"]).status == 0)
        #expect(try sandbox.strata(["hostile", "echo", "more"]).stdout == "ok: more\n")
    }

    /// Before, a descriptor rewritten to declare `/` (read and write) got the whole disk.
    @Test(arguments: [
        (#"{"files":[{"path":"/","write":true}]}"#, "Read and write files in / (the whole file system)"),
        (#"{"files":[{"path":"~/"}]}"#, "Read files in ~/ (a whole home folder)"),
        (#"{"files":[{"path":"/etc"}]}"#, "Read files in /etc (/etc belongs to the system)"),
        (#"{"files":[{"path":"/proc/1"}]}"#, "Read files in /proc/1 (/proc belongs to the system)"),
        (#"{"network":["*.com"]}"#, "Connect to *.com (every port) (every host under .com)"),
    ])
    func aGrantTooWideForAKeypressIsRefusedUnlessTheConfigNamesIt(declaration: String, line: String) throws {
        let sandbox = try hostile()
        try Self.declare(declaration, in: sandbox)
        let allow = try sandbox.strata(["plugins", "allow", "hostile", "--yes"])
        #expect(allow.status == 1 && allow.stdout.contains("! \(line).\n") && allow.stderr.contains("features.hostile.capabilities"),
                "\(allow.stdout) \(allow.stderr)")
        let refused = try sandbox.strata(["hostile", "echo", "works"])
        #expect(refused.status == 1 && refused.stderr.contains("more than strata lets a keypress approve"), "\(refused.stderr)")
        #expect(try listed(sandbox)["approval"] as? String == "too wide")

        // The config names it for the plugin itself: then only the rest (its address, its screen) is asked.
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"hostile": {"capabilities": \#(declaration)}}}"#)
        #expect(try sandbox.strata(["plugins", "allow", "hostile", "--yes"]).status == 0)
        #expect(try sandbox.strata(["hostile", "echo", "works"]).stdout == "ok: works\n")
    }

    /// A variable another plugin declares is too wide too: a drop-in that declares Gpt's key would get it.
    @Test func aVariableAnotherPluginDeclaresIsTooWide() throws {
        let sandbox = try hostile()
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins", "\#(BuildProducts.directory.path)"]}"#)
        try Self.declare(#"{"environment":["OPENAI_API_KEY"]}"#, in: sandbox)
        let allow = try sandbox.strata(["plugins", "allow", "hostile", "--yes"])
        #expect(allow.status == 1 && allow.stdout.contains("! Read the environment variable OPENAI_API_KEY (plugin gpt declares it too)."),
                "\(allow.stdout) \(allow.stderr)")
        let refused = try sandbox.strata(["hostile", "env", "OPENAI_API_KEY"], environment: ["OPENAI_API_KEY": "sk-test"])
        #expect(refused.status == 1 && !refused.stdout.contains("sk-test"), "\(refused.stdout)")
    }

    /// What ships with strata is approved as shipped, even in a helper; a drop-in that reaches nothing more
    /// (Healthy) needs no approval.
    @Test func builtInsAndDropInsThatReachNothingMoreNeedNoApproval() throws {
        let sandbox = try Sandbox.feature("blocks", .process)
        let clock = try sandbox.strata(["blocks", "list"])
        #expect(clock.status == 0, "\(clock.stderr)")
        let allow = try sandbox.strata(["plugins", "allow", "movies"])
        #expect(allow.status == 0 && allow.stdout.contains("needs no approval: it ships with strata"), "\(allow.stdout)")
        let healthy = try Sandbox.withHealthy()
        let list = try healthy.strata(["plugins", "list", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list.stderr)")
        #expect(rows.first?["approval"] as? String == "not needed" && rows.first?["reaches"] as? [String] == [], "\(list.stdout)")
        #expect(try healthy.strata(["healthy", "ping"]).status == 0)
    }

    /// In the app, a drop-in waiting for approval says so on the home screen; Enter shows what it asks for, and
    /// Enter again allows it (recorded as `plugins allow` records it) and opens it. Before, it opened unasked.
    @Test(.timeLimit(.minutes(10)))
    func theAppAsksBeforeADropInOpensAndEnterAllowsIt() async throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile", approved: false)
        let isolated = IsolatedAppTests()
        let (terminal, _) = try await isolated.app.startStrata(
            in: sandbox, config: IsolatedAppTests.config("hostile", extra: #""pluginDirectories": ["plugins"], "#))
        defer { terminal.close() }
        let home = try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        #expect(home.contains { $0.contains("Fixture Hostile") && $0.contains("needs your approval") }, "\(home.joined(separator: "\n"))")
        try await isolated.select("Fixture Hostile", in: terminal)
        try terminal.press("Enter")
        let asked = try await terminal.waitFor("what it asks for") { $0.contains { $0.contains("HOSTILE_DECLARED") } }
        #expect(asked.contains { $0.contains("Enter: allow") }, "\(asked.joined(separator: "\n"))")
        #expect(!FileManager.default.fileExists(atPath: sandbox.state.appendingPathComponent("strata/approvals/hostile.json").path))
        try terminal.press("Enter")
        try await terminal.waitFor("Hostile to open") { $0.first == " Strata › Hostile" }
        #expect(FileManager.default.fileExists(atPath: sandbox.state.appendingPathComponent("strata/approvals/hostile.json").path))
        try terminal.press("C-c")
        #expect(try await isolated.app.waitForExit(terminal) == 130)
    }

    /// In a terminal `plugins allow` asks, and only a yes records: Enter alone (or n) leaves it refused.
    @Test(.timeLimit(.minutes(10)))
    func inATerminalAllowAsksAndOnlyYesRecords() async throws {
        let sandbox = try hostile()
        let record = sandbox.state.appendingPathComponent("strata/approvals/hostile.json").path
        let terminal = try TmuxTerminal()
        defer { terminal.close() }
        try await terminal.waitForShell()
        let allow = "XDG_STATE_HOME=\(sandbox.state.path) \(BuildProducts.strata) --config \(sandbox.config.path) --data-dir \(sandbox.data.path) "
            + "plugins allow hostile; echo ALLOW_EXIT=$?"
        for (round, (answer, code)) in [("", 1), ("n", 1), ("y", 0)].enumerated() {
            try terminal.type("clear; echo ROUND\(round); " + allow, enter: true)
            let asked = try await terminal.waitFor("the question") { screen in
                screen.contains { $0.hasPrefix("ROUND\(round)") } && screen.contains { $0.contains("Allow Fixture Hostile all of the above? [y/N]") }
            }
            #expect(asked.contains { $0.contains("Read the environment variable HOSTILE_DECLARED.") }, "\(asked.joined(separator: "\n"))")
            if answer.isEmpty { try terminal.press("Enter") } else { try terminal.type(answer, enter: true) }
            try await terminal.waitFor("the answer '\(answer)'") { $0.contains { $0.contains("ALLOW_EXIT=\(code)") } }
            #expect(FileManager.default.fileExists(atPath: record) == (answer == "y"), "after '\(answer)'")
        }
        #expect(try sandbox.strata(["hostile", "echo", "works"]).stdout == "ok: works\n")
    }

    /// `plugins install` of a drop-in that reaches beyond its folder: not in a terminal it says what to run and
    /// records nothing; `--yes` records; `uninstall` forgets. Before, it installed it ready to run.
    @Test func installSaysWhatToRunOrApprovesWithYes() throws {
        let home = try PluginLifecycleTests.Home()
        let library = try home.library("Hostile", as: "libHostilePlugin.so")
        let install = try home.strata(["plugins", "install", library.path])
        #expect(install.status == 0 && install.stdout.hasSuffix("Before its first run, approve what it reaches beyond its data folder: strata plugins allow hostile\n"),
                "\(install.stdout)")
        #expect(try home.strata(["hostile", "echo", "works"]).stderr.contains("Run `strata plugins allow hostile`"))
        let again = try home.strata(["plugins", "install", library.path, "--force", "--yes"])
        #expect(again.status == 0 && again.stdout.contains("Allowed hostile (SHA-256 "), "\(again.stdout) \(again.stderr)")
        #expect(try home.strata(["hostile", "echo", "works"]).stdout == "ok: works\n")
        #expect(try home.strata(["plugins", "uninstall", "hostile"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.sandbox.state.appendingPathComponent("strata/approvals/hostile.json").path))
    }
}
