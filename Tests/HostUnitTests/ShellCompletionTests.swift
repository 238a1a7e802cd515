import Foundation
import StrataPluginKit
import Testing
@testable import StrataHost

/// Completion from declarations alone: the host's commands and the Running plugin's real `plugin.json`.
@Suite struct ShellCompletionTests {
    let completion: ShellCompletion

    init() throws {
        let json = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Plugins/Running/plugin.json")
        let running = try PluginDescriptorSection.decodeJSON(Array(try Data(contentsOf: json)))
        let commands = HostCommand.all.map { ShellCompletion.Command(words: $0.words, spec: $0.spec) }
            + running.commands.map { ShellCompletion.Command(words: $0.words, spec: $0.spec) }
        completion = ShellCompletion(commands: commands, pluginIDs: ["running", "gpt"])
    }

    @Test func firstWordsAndSubcommandsComeFromTheCommands() {
        #expect(completion.complete([], current: "run") == .words(["running"]))
        #expect(completion.complete([], current: "co") == .words(["completions", "config"]))
        #expect(completion.complete(["running"], current: "") == .words(["history", "host", "import", "join", "records", "run", "track"]))
        #expect(completion.complete([], current: "--v") == .words(["--verbose", "--version"]))
    }

    @Test func optionsTheirChoicesAndFiles() {
        #expect(completion.complete(["running", "run"], current: "--tr") == .words(["--track"]))
        #expect(completion.complete(["running", "run", "--track", "a.gpx"], current: "--tr") == .words([]), "an option given once isn't offered again")
        #expect(completion.complete(["running", "run", "--mode"], current: "") == .words(["race", "single", "team"]))
        #expect(completion.complete(["running", "run", "--track"], current: "") == .files(extensions: ["gpx"]))
        #expect(completion.complete(["running", "host", "--session-dir"], current: "") == .directories, "a value named DIR")
        #expect(completion.complete(["running", "track"], current: "") == .files(extensions: ["gpx"]), "an argument with fileExtensions")
        #expect(completion.complete(["running", "run", "--goal"], current: "") == .words([]))
    }

    @Test func pluginIDsAndShellNames() {
        for verb in ["info", "enable", "disable", "retry", "uninstall", "trust"] {
            #expect(completion.complete(["plugins", verb], current: "") == .words(["gpt", "running"]), "plugins \(verb)")
        }
        #expect(completion.complete(["plugins", "info", "gpt"], current: "") == .words([]), "one id only")
        #expect(completion.complete(["completions"], current: "") == .words(["bash", "fish", "zsh"]))
    }

    /// `plugins verify FILE --against` offers the releases there is a baseline of, and `all`; before, nothing.
    @Test func verifysAgainstOffersTheReleasesWithABaseline() {
        var completion = completion
        completion.releases = { ["1.0.0", "1.1.0", "1.2.0", "all"] }
        #expect(completion.complete(["plugins", "verify", "libX.so", "--against"], current: "1.") == .words(["1.0.0", "1.1.0", "1.2.0"]))
        #expect(completion.complete(["plugins", "verify", "libX.so", "--against"], current: "") == .words(["1.0.0", "1.1.0", "1.2.0", "all"]))
        // The checkout's own baselines (Core/ABI), as an uninstalled strata finds them.
        #expect(ShellCompletion(commands: [], pluginIDs: []).releases().starts(with: ["1.0.0", "1.1.0", "1.2.0"]))
    }

    @Test func afterDevsDoubleDashCompletesACommandLineOfItsOwn() {
        #expect(completion.complete(["dev"], current: "") == .directories, "the package folder")
        #expect(completion.complete(["dev", "pkg", "--"], current: "run") == .words(["running"]))
        #expect(completion.complete(["dev", "pkg", "--", "running", "run"], current: "--tr") == .words(["--track"]))
    }

    @Test func wordsAShellCouldMisreadAreNeverOffered() {
        let hostile = ShellCompletion(commands: [.init(words: ["ok"], spec: CommandSpec()), .init(words: ["bad\u{1B}[2J"], spec: CommandSpec()),
                                                 .init(words: [":files"], spec: CommandSpec()), .init(words: ["two words"], spec: CommandSpec())],
                                      pluginIDs: [])
        #expect(hostile.complete([], current: "") == .words(["--config", "--data-dir", "--help", "--verbose", "--version", "ok"]))
    }

    @Test func theAnswerIsOneCandidateALineOrAPathRequest() {
        #expect(Completion.words(["race", "team"]).lines == "race\nteam\n")
        #expect(Completion.files(extensions: ["gpx"]).lines == ":files gpx\n")
        #expect(Completion.directories.lines == ":dirs\n")
    }
}
