import Foundation
import Testing

/// The app follows its plugin folders and its config while it runs (before, it read them once at start, and
/// none of this showed until it was started again): a plugin dropped into a folder appears, one disabled from
/// another shell goes (its open screen closes, saying why), a sandboxed plugin's new library is what opens
/// next, an in-process one says it needs a restart, and a broken config shows its error over the open screen,
/// which stays as it was.
@Suite struct LiveCatalogAppTests {
    let app = InteractiveAppTests()
    let isolated = IsolatedAppTests()

    /// Replaces the library of `fixture`'s plugin as an installer does: written beside, then renamed over it.
    func replace(_ name: String, with fixture: String, in sandbox: Sandbox) throws {
        let staged = sandbox.root.appendingPathComponent("staged.so")
        try FileManager.default.copyItem(at: BuildProducts.directory.appendingPathComponent("libStrataFixture\(fixture).so"), to: staged)
        chmod(staged.path, 0o755)
        #expect(rename(staged.path, sandbox.plugins.appendingPathComponent("lib\(name)Plugin.so").path) == 0)
    }

    @Test(.timeLimit(.minutes(10)))
    func aPluginDroppedIntoAFolderAppearsOnTheHomeScreenAndOpens() async throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        let (terminal, _) = try await app.startStrata(in: sandbox, config: #"{"pluginDirectories": ["plugins"]}"#)
        defer { terminal.close() }
        let home = try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        #expect(!home.contains { $0.contains("Fixture Versioned") })

        try sandbox.install(fixture: "VersionedOne", as: "Versioned", approved: false)
        let added = try await terminal.waitFor("the new plugin", seconds: 2) { screen in
            screen.contains { $0.contains("Added Fixture Versioned from \(sandbox.plugins.path)") }
        }
        // It opens screens (where it may ask for files), so it waits for the user's yes, as at start.
        #expect(added.contains { $0.contains("Fixture Versioned") && $0.contains("needs your approval") }, "\(added.joined(separator: "\n"))")
        #expect(added.contains { $0.contains("Fixture Healthy") }, "the plugin that was there stays")
        // It is judged and opened as at start: a drop-in runs in a sandboxed helper, once allowed.
        try await isolated.select("Fixture Versioned", in: terminal)
        try terminal.press("Enter")
        try await terminal.waitFor("what it asks for") { $0.contains { $0.contains("Enter: allow") } }
        try terminal.press("Enter")
        try await terminal.waitFor("Fixture Versioned to open") { $0.first == " Strata › Versioned" }
        try await terminal.waitFor("its screen") { $0.contains { $0.contains("This is build 1 of the versioned fixture") } }
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    @Test(.timeLimit(.minutes(10)))
    func aPluginDisabledFromAnotherShellGoesAndItsOpenScreenClosesSayingWhy() async throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.install(fixture: "VersionedOne", as: "Versioned")
        let (terminal, _) = try await app.startStrata(in: sandbox, config: #"{"pluginDirectories": ["plugins"]}"#)
        defer { terminal.close() }
        try await isolated.open("Fixture Versioned", in: terminal, title: " Strata › Versioned")
        try await terminal.waitFor("its screen") { $0.contains { $0.contains("This is build 1 of the versioned fixture") } }

        let disabled = try sandbox.strata(["plugins", "disable", "versioned"])
        #expect(disabled.status == 0, "\(disabled.stderr)")
        let home = try await terminal.waitFor("the home screen, saying why") { screen in
            screen.first == " Strata" && screen.contains { $0.contains("Fixture Versioned closed: it was disabled in \(sandbox.config.path)") }
        }
        #expect(home.contains { $0.contains("Fixture Versioned") && $0.contains("disabled in the config") }, "\(home.joined(separator: "\n"))")
        #expect(!home.contains { $0.contains("Fixture Versioned was disabled") }, "said once, as it closed: \(home.joined(separator: "\n"))")
        #expect(isolated.helperEnds("versioned", in: sandbox), "its helper ends with its screen")

        // A file that goes takes its plugin with it.
        try FileManager.default.removeItem(at: sandbox.plugins.appendingPathComponent("libHealthyPlugin.so"))
        let removed = try await terminal.waitFor("the removed plugin to go") { screen in
            screen.contains { $0.contains("Fixture Healthy was removed: its library is gone from \(sandbox.plugins.path)") }
        }
        #expect(removed.filter { $0.contains("Fixture Healthy") }.count == 1, "only the notice names it:\n\(removed.joined(separator: "\n"))")
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    @Test(.timeLimit(.minutes(10)))
    func aSandboxedPluginsNewLibraryIsWhatOpensNext() async throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "VersionedOne", as: "Versioned")
        let (terminal, _) = try await app.startStrata(in: sandbox, config: #"{"pluginDirectories": ["plugins"]}"#)
        defer { terminal.close() }
        try await isolated.open("Fixture Versioned", in: terminal, title: " Strata › Versioned")
        try await terminal.waitFor("build 1") { $0.contains { $0.contains("This is build 1 of the versioned fixture") } }
        try terminal.press("Escape")
        try await terminal.waitFor("the home screen") { $0.first == " Strata" }

        try replace("Versioned", with: "VersionedTwo", in: sandbox)
        let updated = try await terminal.waitFor("the new library") { screen in
            screen.contains { $0.contains("Updated Fixture Versioned from \(sandbox.plugins.path)") }
        }
        #expect(updated.contains { $0.contains("Says it is build 2") }, "its new descriptor:\n\(updated.joined(separator: "\n"))")
        try terminal.press("Enter")
        try await terminal.waitFor("build 2") { $0.contains { $0.contains("This is build 2 of the versioned fixture") } }
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    /// Code loaded into strata can't be unloaded: the app says so and goes on with the library it loaded.
    @Test(.timeLimit(.minutes(10)))
    func anInProcessPluginsNewLibraryWaitsForARestart() async throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "VersionedOne", as: "Versioned")
        let config = #"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("versioned"))}}"#
        let (terminal, _) = try await app.startStrata(in: sandbox, config: config)
        defer { terminal.close() }
        try await isolated.open("Fixture Versioned", in: terminal, title: " Strata › Versioned")
        try await terminal.waitFor("build 1") { $0.contains { $0.contains("This is build 1 of the versioned fixture") } }
        try terminal.press("Escape")
        try await terminal.waitFor("the home screen") { $0.first == " Strata" }

        try replace("Versioned", with: "VersionedTwo", in: sandbox)
        let waiting = try await terminal.waitFor("the restart notice") { screen in
            screen.contains { $0.contains("Fixture Versioned changed: restart strata to use the new Fixture Versioned") }
        }
        #expect(waiting.contains { $0.contains("Says it is build 1") }, "the loaded one is listed:\n\(waiting.joined(separator: "\n"))")
        try terminal.press("Enter")
        try await terminal.waitFor("build 1 again") { $0.contains { $0.contains("This is build 1 of the versioned fixture") } }
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    /// What a start judges plugins by is followed too: `strata plugins retry` in another shell lets the app
    /// try again a plugin that crashed it.
    @Test(.timeLimit(.minutes(10)))
    func aPluginRetriedFromAnotherShellIsNoLongerSkipped() async throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        let config = #"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("traps"))}}"#
        let (terminal, _) = try await app.startStrata(in: sandbox, config: config)
        defer { terminal.close() }
        try terminal.press("Enter")
        try await terminal.waitFor("the crash to be skipped") { $0.contains { $0.contains("Fixture TrapsAtLoad") && $0.contains("crashed") } }

        let retried = try sandbox.strata(["plugins", "retry", "traps"])
        #expect(retried.status == 0, "\(retried.stderr)")
        let again = try await terminal.waitFor("the plugin to be tried again") { screen in
            screen.contains { $0.contains("Fixture TrapsAtLoad") } && !screen.contains { $0.contains("crashed") }
        }
        #expect(again.contains(InteractiveAppTests.homeHelp))
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    @Test(.timeLimit(.minutes(10)))
    func aBrokenConfigShowsItsErrorOverTheOpenScreenWhichKeepsWhatWasTyped() async throws {
        let (terminal, sandbox) = try await BlocksAppTests().openBlocks()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await isolated.select("Blocks", in: terminal)
        try terminal.press("Enter")
        try await terminal.waitFor("the blocks") { $0.contains { $0.contains("No blocks yet") } }
        try terminal.type("a")
        try await terminal.waitFor("the block form") { $0.contains { $0.contains("Title:") } }
        try terminal.type("Write")
        try await terminal.waitFor("the title typed") { $0.contains { $0.contains("Title: Write") } }

        try sandbox.writeConfig(#"{"features": {"gpt": {"enabled": false},"#)
        let error = try await terminal.waitFor("the config's error") { $0.contains { $0.contains("is not valid JSON") } }
        #expect(error.contains { $0.contains("goes on with the config it had") }, "\(error.joined(separator: "\n"))")
        try terminal.press("Escape")
        let form = try await terminal.waitFor("the form again") { !$0.contains { $0.contains("is not valid JSON") } }
        #expect(form.contains { $0.contains("Title: Write") }, "the form kept what was typed:\n\(form.joined(separator: "\n"))")
        try terminal.press("C-c")
        #expect(try await app.waitForExit(terminal) == 130)
    }
}
