import Foundation
import Testing

/// A run that ends during a plugin's activation in a way no crash handler sees (SIGKILL, `exit()`), or
/// that only an alternate signal stack lets the handler see (a stack overflow), is still remembered: the
/// next run skips the plugin and says how strata knows. A plugin whose activation never returns is
/// stopped by the load deadline, and the command goes on without it.
@Suite struct ActivationJournalProcessTests {
    @Test(.timeLimit(.minutes(10)))
    func killedInsideAConstructorIsRememberedAndTheOthersAreNotBlamed() async throws {
        let sandbox = try Sandbox()
        let hangs = try sandbox.install(fixture: "HangsAtLoad", as: "Hangs")
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("hangs", "healthy"))}}"#)
        let list = try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", sandbox.data.path, "di", "list"],
                              environment: ["XDG_STATE_HOME": sandbox.state.path])
        // Its library mapped: its constructor is running (and never returns).
        let deadline = Date().addingTimeInterval(30)
        func mapped() -> Bool {
            // procfs reports a size of 0: read to the end.
            FileHandle(forReadingAtPath: "/proc/\(list.processIdentifier)/maps")
                .map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self).contains(hangs.lastPathComponent) } == true
        }
        // Polling on this thread: a sleeping task could wait for a pool thread past the load deadline.
        while !mapped() && list.isRunning && Date() < deadline { usleep(5_000) }
        #expect(mapped(), "the hanging library was never loaded: \(list.errorSoFar)")
        #expect(kill(list.processIdentifier, SIGKILL) == 0)
        _ = try await list.finished()

        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(rows["hangs"]?.state == "crashed")
        #expect(rows["hangs"]?.error?.contains("ended while loading it") == true, "\(rows["hangs"]?.error ?? "")")
        #expect(rows["hangs"]?.error?.contains("strata plugins retry hangs") == true)
        #expect(rows["healthy"]?.state == "enabled", "the plugin that loaded before is not blamed: \(rows["healthy"]?.error ?? "")")
    }

    /// `exit()` is remembered by the entry left behind; a stack overflow by the handler, on its own stack.
    @Test(.timeLimit(.minutes(10)), arguments: ["exit", "overflow"])
    func aDeathDuringRegistrationIsRemembered(_ death: String) throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "DiesAtLoad", as: "Dies")
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("dies", "healthy"))}}"#)

        let first = try sandbox.strata(["di", "list"], environment: ["STRATA_FIXTURE_DEATH": death])
        #expect(death == "exit" ? first.status == 3 && !first.signalled : first.signalled && first.status == SIGSEGV)

        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(rows["dies"]?.state == "crashed")
        let known = death == "exit" ? "ended while loading it" : "crashed strata with SIGSEGV"
        #expect(rows["dies"]?.error?.contains(known) == true, "\(rows["dies"]?.error ?? "")")
        let again = try sandbox.strata(["di", "list", "--private", "--json"], environment: ["STRATA_FIXTURE_DEATH": death])
        #expect(again.status == 0 && again.stdout.contains("\"greeting\""), "the next run skips it: \(again.stderr)")
    }

    @Test(.timeLimit(.minutes(10)))
    func aPluginThatNeverFinishesLoadingTimesOutAndTheRestStillWorks() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "HangsAtLoad", as: "Hangs")
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("hangs", "healthy"))}}"#)

        let list = try run(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", sandbox.data.path,
                                                  "di", "list", "--private", "--json"],
                           environment: ["XDG_STATE_HOME": sandbox.state.path], timeout: 60)
        #expect(!list.signalled && list.status == 0, "di list ends: \(list.status) \(list.stderr)")
        #expect(list.stdout.contains("\"greeting\""), "the healthy plugin's registrations are listed")
        #expect(list.stderr.contains("the hangs plugin did not finish loading within 10 s"), "\(list.stderr)")

        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(rows["hangs"]?.state == "timed out")
        #expect(rows["hangs"]?.error?.contains("strata plugins retry hangs") == true, "\(rows["hangs"]?.error ?? "")")
        #expect(try sandbox.strata(["healthy", "ping"]).stdout == "pong (hello from healthy)\n")
        #expect(try sandbox.strata(["plugins", "retry", "hangs"]).stdout.contains("Forgot that hangs timed out"))
    }
}
