import Foundation
import StrataBase
import StrataDI
import StrataHostKit
import StrataHosting
import StrataNetworking
import StrataPluginKit
import StrataRuntime
import StrataTerminal
import Synchronization

/// A plugin in an in-memory host, for its own tests (what HummingbirdTesting is for an application): the
/// host's services with stand-ins a test controls, the plugin registered as `strata` registers it, its
/// commands run as `strata` routes them, and its screen opened on a virtual terminal.
///
/// ```swift
/// let host = try PluginTestHost(HelloPlugin(), id: "hello", settings: #"{"salutation": "Hi"}"#)
/// let greeted = await host.run("hello", "greet", "Ada")
/// #expect(greeted.code == 0 && greeted.output == "Hi, Ada!\n")
/// let app = try host.openScreen()  // on the main actor, as the app is
/// for character in "Bo" { try app.send(.character(character)) }
/// #expect(app.render(size: TerminalSize(width: 80, height: 24)).text.contains("Hi, Bo!"))
/// ```
///
/// Each host is one `strata` process: a second host over the same `dataDirectory` is the next run.
public final class PluginTestHost: Sendable {
    /// What a command did.
    public struct CommandResult: Sendable {
        public let code: Int32
        /// Standard output.
        public let output: String
        /// Standard error.
        public let error: String
    }

    public let pluginID: String
    /// The plugin's data folder: a new temporary folder unless the test gave one.
    public let dataDirectory: URL
    /// The wall clock the host hands out; the test moves it.
    public let clock: ManualWallClock
    /// Everything the plugin logged.
    public let log: MemoryLogSink
    /// The plugin's descriptor, as the build-tool plugin linked it into this binary: who the plugin is and what
    /// its commands take.
    public let descriptor: PluginDescriptor
    private let context: PluginContext
    private let container = Container()

    /// Registers `plugin` into a fresh in-memory host, then freezes the container as `strata` does.
    /// - Parameters:
    ///   - id: the plugin's id: the test host finds its descriptor by it among those linked into the test.
    ///   - settings: the plugin's `settings` object of the config, as JSON.
    ///   - dataDirectory: the data folder; give the one of an earlier host to play the next run over its data.
    ///   - clock: the wall clock the host hands out.
    ///   - http: the HTTP client the host hands out. Without it, the host hands out strata's own
    ///     (`CurlHTTPClient`, from StrataURLSession's library beside the test binary, opened on the first
    ///     request): aim the plugin's URL setting at a `LoopbackHTTPServer` and its requests reach it as in
    ///     `strata`. If the library isn't built, a request fails with `NetworkError.invalidRequest`, saying
    ///     to depend on StrataURLSession or to pass `http:`; resolving `HTTPClient` always works.
    /// - Throws: ``MissingDescriptor`` if no descriptor with `id` is linked into the test binary, what the
    ///   plugin's `register(in:)` throws, or a file error if the folder can't be made.
    public init(
        _ plugin: some FeaturePlugin, id: String, settings: String = "{}", dataDirectory: URL? = nil,
        clock: ManualWallClock = ManualWallClock(start: Timestamp(secondsSince1970: 1_800_000_000)),
        http: (any HTTPClient)? = nil
    ) throws {
        guard let descriptor = Self.linkedDescriptor(of: id) else { throw MissingDescriptor(id: id) }
        pluginID = id
        self.descriptor = descriptor
        self.dataDirectory =
            dataDirectory
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-plugin-test-\(UUID().uuidString)", isDirectory: true)
        self.clock = clock
        let log = MemoryLogSink()
        self.log = log
        try FileManager.default.createDirectory(at: self.dataDirectory, withIntermediateDirectories: true)
        try HostServices(
            http: { [http] in http ?? TestHostHTTPClient() }, clock: clock,
            logger: { Logger(label: $0, level: .debug, sink: log) }
        ).register(in: container)
        context = container.context(
            pluginID: pluginID, dataDirectory: self.dataDirectory,
            settings: PluginSettings(json: Array(settings.utf8), pluginID: pluginID, source: "the test"))
        try plugin.register(in: context)
        container.freeze()
    }

    /// The paths of the commands the plugin contributed, e.g. `["blocks list", "clock"]`.
    public var commandPaths: [String] { context.commands.map { $0.path.joined(separator: " ") } }

    /// Runs `strata <words…>` as the host routes it (the longest declared path the words start with);
    /// 127 with a message on standard error when no declared command matches, and 1, as `strata` says it,
    /// when the plugin declares the command but did not contribute it.
    public func run(_ words: String...) async -> CommandResult {
        await run(words)
    }

    /// Runs `strata <words…>`, the words as an array: parsed against the command's declaration in the
    /// plugin's descriptor (read from this test binary, where the plugin's descriptor section was linked),
    /// then run, with errors reported, by the runner `strata` runs plugin commands with.
    public func run(_ words: [String]) async -> CommandResult {
        guard let request = PluginCommandRequest(words, of: descriptor) else {
            return CommandResult(code: 127, output: "", error: "no command of \(pluginID) matches '\(words.joined(separator: " "))'\n")
        }
        let output = Transcript(), error = Transcript()
        let invocation = CommandInvocation(arguments: request.arguments, output: { output.append($0) }, error: { error.append($0) })
        let commands = context.commands
        let code = await PluginCommandRunner { _ in .success(commands) }.run(request, invocation: invocation)
        return CommandResult(code: code, output: output.text, error: error.text)
    }

    /// No descriptor with the plugin's id is linked into the test binary: the plugin's target lacks the
    /// `StrataDescriptorPlugin` build-tool plugin, or the id is not the one in its `plugin.json`.
    public struct MissingDescriptor: Error, CustomStringConvertible {
        public let id: String
        public var description: String {
            "no descriptor with the id '\(id)' is linked into this test binary: check the id in the plugin's plugin.json, "
                + "and that its target uses the StrataDescriptorPlugin build-tool plugin"
        }
    }

    /// The descriptor of the plugin with `id`, as the build-tool plugin linked it into this binary.
    private static func linkedDescriptor(of id: String) -> PluginDescriptor? {
        guard let section = try? PluginDescriptorReader.section(libraryAt: "/proc/self/exe") else { return nil }
        return PluginDescriptorSection.decodeAll(section).first { $0.id == id }
    }

    /// Opens the plugin's root screen (its `.screen` contribution) in an app on a virtual terminal: send it
    /// keys and read `render(size:).text` back.
    /// - Throws: `DIError.notRegistered` if the plugin contributes no screen, or what its provider throws.
    @MainActor
    public func openScreen() throws -> TerminalApp {
        let provider = try container.resolve(
            (any FeatureScreenProvider).self,
            name: ExtensionPoint.screen.key(for: pluginID), requester: .host)
        return try TerminalApp { navigator in try provider.makeRootScreen(navigator: navigator) }
    }

    /// Removes the data folder (call it from the last host over the folder, e.g. in `deinit` of the suite).
    public func removeData() {
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}

/// Text written by a command, in order, from any thread.
private final class Transcript: Sendable {
    private let parts = Mutex<[String]>([])

    func append(_ text: String) { parts.withLock { $0.append(text) } }
    var text: String { parts.withLock { $0.joined() } }
}
