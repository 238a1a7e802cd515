import Foundation
import Testing

/// A fatal signal another process sends (`kill -SEGV`) is not a plugin's crash: strata prints the Swift
/// backtrace, ends by that signal at once, and quarantines nothing.
@Suite struct ExternalSignalProcessTests {
    @Test(.timeLimit(.minutes(10)), arguments: [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE])
    func aSignalSentFromOutsideEndsStrataAndBlamesNoPlugin(signal: Int32) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("{}")
        // The backtracer on, as for a user: its handler is the one that returned and left strata running.
        let watch = try launch(BuildProducts.strata, ["--config", sandbox.config.path, "--data-dir", sandbox.data.path, "clock", "--watch"],
                               environment: ["XDG_STATE_HOME": sandbox.state.path,
                                             "SWIFT_BACKTRACE": "enable=yes,interactive=no,symbolicate=off"])
        // Ready once the Blocks plugin's command has printed its first line (the plugin is active).
        let ready = Date().addingTimeInterval(60)
        while watch.outputSoFar.isEmpty && watch.isRunning && Date() < ready { usleep(10_000) }  // polling
        #expect(!watch.outputSoFar.isEmpty, "clock --watch printed nothing: \(watch.errorSoFar)")

        #expect(kill(watch.processIdentifier, signal) == 0)
        let ended = try await watch.finished(timeout: 30)
        #expect(ended.signalled && ended.status == signal, "strata should end by \(signal), not hang (status \(ended.status))")

        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        #expect(rows["blocks"]?.state == "enabled", "the active plugin is not blamed: \(rows["blocks"]?.error ?? "")")
    }
}
