import Foundation
import Testing

/// Pinned trust with a process-isolated plugin: strata checks the library's digest when it builds its catalog,
/// and the helper opens the library again, by its path, when the plugin is first used (in the app, maybe
/// minutes later). What the helper loads must be what strata checked.
@Suite struct IsolatedTrustTests {
    let app = InteractiveAppTests()

    /// A library changed after strata checked it and before its helper started is refused in the helper,
    /// and the app says so and stays up. (Before, the helper loaded whatever the path held by then.)
    @Test(.timeLimit(.minutes(10)))
    func aLibraryChangedAfterStrataCheckedItIsRefusedInItsHelper() async throws {
        let sandbox = try Sandbox()
        let library = try sandbox.install(fixture: "Hostile", as: "Hostile")
        let config = IsolatedAppTests.config("hostile", extra: #""pluginDirectories": ["plugins"], "trust": "pinned", "#)
        try sandbox.writeConfig(config)
        #expect(try sandbox.strata(["plugins", "trust", "hostile"]).status == 0)
        let (terminal, _) = try await app.startStrata(in: sandbox, config: config)
        defer { terminal.close() }
        try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        // Still a loadable library, with other bytes: a different file as far as the digest goes.
        let handle = try FileHandle(forWritingTo: library)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("changed".utf8))
        try handle.close()
        try await IsolatedAppTests().select("Fixture Hostile", in: terminal)
        try terminal.press("Enter")
        // The dialog's text, its lines joined as they were wrapped.
        func dialog(_ screen: [String]) -> String {
            screen.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        let refusal = try await terminal.waitFor("the refusal") { dialog($0).contains("changed after strata checked its pinned digest") }
        #expect(dialog(refusal).contains("pin it again (`strata plugins trust hostile`"), "\(refusal.joined(separator: "\n"))")
        try terminal.press("Enter")
        try await terminal.waitFor("the home screen again") { $0.contains(InteractiveAppTests.homeHelp) }
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }
}
