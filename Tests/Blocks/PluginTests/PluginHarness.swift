import Foundation
@_spi(StrataHost) import StrataDI
import StrataPluginKit
import StrataRuntime
import StrataStorage
@testable import BlocksPlugin

/// One simulated `strata` process: a fresh container with the host's services and the plugin registered,
/// over a data folder that outlives it. It plays the host, so it uses the host's container operations.
struct PluginHarness {
    let context: PluginContext

    init(dataDirectory: URL, clock: ManualWallClock, timeZone: String = "Europe/Berlin") throws {
        let container = Container()
        try container.register((any DatabaseOpener).self, scope: .singleton, owner: .host) { _ in SQLiteDatabaseOpener() }
        try container.register((any WallClock).self, scope: .singleton, owner: .host) { _ in clock }
        try container.register(Logger.self, owner: .host) { _ in Logger(label: "blocks", sink: MemoryLogSink()) }
        let settings = PluginSettings(json: Data(#"{"timeZone": "\#(timeZone)"}"#.utf8), pluginID: "blocks",
                                      source: "test")
        context = PluginContext(pluginID: "blocks", dataDirectory: dataDirectory, settings: settings, container: container)
        try BlocksPlugin().register(in: context)
        container.freeze()
    }

    /// Runs `strata <words…>` as the host would route it: the longest contributed path that prefixes the words.
    func run(_ words: String...) async -> (code: Int32, output: String, error: String) {
        guard let command = context.commands.filter({ words.starts(with: $0.path) })
            .max(by: { $0.path.count < $1.path.count }) else { return (127, "", "no command") }
        let output = Collected(), error = Collected()
        let invocation = CommandInvocation(arguments: Array(words.dropFirst(command.path.count)),
                                           output: { output.append($0) }, error: { error.append($0) })
        let code = await command.run(invocation)
        return (code, output.text, error.text)
    }
}

final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []

    func append(_ text: String) { lock.withLock { parts.append(text) } }
    var text: String { lock.withLock { parts.joined() } }
}

func jsonObject(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
}
