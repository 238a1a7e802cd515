import Foundation
import StrataBase
import StrataDI
import StrataHostKit
import StrataPluginKit
import Testing
import Synchronization

@Suite struct PluginContextTests {
    func makeContext(_ id: String = "alpha", container: Container = Container()) -> PluginContext {
        container.context(pluginID: id, dataDirectory: URL(fileURLWithPath: "/tmp/strata-tests/\(id)"),
                          settings: PluginSettings(pluginID: id, source: "built-in defaults"))
    }

    func command(_ path: [String]) -> PluginCommand {
        PluginCommand(path: path) { _, _ in }
    }

    @Test func registrationsAreOwnedByThePlugin() throws {
        let container = Container()
        let context = makeContext(container: container)

        try context.register(String.self, name: "greeting", scope: .singleton) { _ in "hello" }

        #expect(container.registrations.map(\.owner) == [.plugin("alpha")])
        #expect(container.registrations.first?.scope == .singleton)
        #expect(try container.resolve(String.self, name: "greeting", requester: .host) == "hello")
    }

    /// A contribution is keyed by the plugin that made it: two plugins contribute to one point side by side,
    /// and the host finds each by the plugin's id.
    @Test func contributionsAreKeyedByTheirPlugin() throws {
        let container = Container()
        let point = ExtensionPoint<String>("greeting")
        try makeContext("alpha", container: container).contribute(point) { _ in "hello from alpha" }
        try makeContext("beta", container: container).contribute(point) { _ in "hello from beta" }

        #expect(container.registrations.map { "\($0.owner.name) \($0.name ?? "-") \($0.scope.rawValue)" }
                == ["alpha greeting@alpha singleton", "beta greeting@beta singleton"])
        #expect(try container.resolve(String.self, name: point.key(for: "beta"), requester: .host) == "hello from beta")
    }

    /// A plugin's own registration of a host service's type is its own business: the host's service stays
    /// what everyone else gets. Offering a replacement to every plugin is refused.
    @Test func aPluginCannotTakeOverAHostService() throws {
        let container = Container()
        try container.register(Int.self, name: "port", owner: .host) { _ in 80 }
        let beta = makeContext("beta", container: container), gamma = makeContext("gamma", container: container)

        #expect(throws: DIError.ownedByOther(type: "Int", name: "port", owner: .host, attemptedBy: .plugin("beta"))) {
            try beta.export(Int.self, name: "port") { _ in 8080 }
        }
        try beta.register(Int.self, name: "port") { _ in 8080 }
        container.freeze()
        #expect(try beta.service(Int.self, name: "port") == 8080)
        #expect(try gamma.service(Int.self, name: "port") == 80)
        #expect(try container.resolve(Int.self, name: "port", requester: .host) == 80)
    }

    /// Private registrations live in each plugin's own namespace: two plugins may each keep an unnamed
    /// registration of one type, and each gets its own.
    @Test func twoPluginsKeepTheirOwnRegistrationOfOneType() throws {
        let container = Container()
        let movies = makeContext("north", container: container), blocks = makeContext("south", container: container)
        try movies.register(String.self, scope: .singleton) { _ in "north.sqlite" }
        try blocks.register(String.self, scope: .singleton) { _ in "south.sqlite" }
        #expect(try movies.service(String.self) == "north.sqlite", "before freezing")
        container.freeze()
        #expect(try movies.service(String.self) == "north.sqlite" && blocks.service(String.self) == "south.sqlite")
        #expect(try movies.service(String.self) == "north.sqlite", "the lock-free path, once built")
        #expect(throws: DIError.privateRegistration(type: "String", name: nil, owner: .plugin("north"), requester: .plugin("west"))) {
            try makeContext("west", container: container).service(String.self)
        }
    }

    @Test func servicesAreResolvedAsThePlugin() throws {
        let container = Container()
        try container.register(Int.self, name: "port", owner: .host) { _ in 80 }
        let context = makeContext("gamma", container: container)

        #expect(try context.service(Int.self, name: "port") == 80)
        #expect(throws: DIError.notRegistered(type: "Int", name: "ports", requester: .plugin("gamma"),
                                              sameTypeOtherNames: ["port"], sameNameOtherTypes: [])) {
            try context.service(Int.self, name: "ports")
        }
    }

    @Test func commandsAreKeptInOrderAndADuplicatePathIsRefused() throws {
        let context = makeContext()
        try context.addCommand(command(["alpha", "search"]))
        try context.addCommand(command(["alpha", "recent"]))

        #expect(throws: CommandError.usage("alpha: command 'alpha search' is contributed twice")) {
            try context.addCommand(command(["alpha", "search"]))
        }
        #expect(context.commands.map(\.path) == [["alpha", "search"], ["alpha", "recent"]])
    }

    @Test(arguments: [[String](), ["alpha", "--search"], ["alpha", ""]])
    func aCommandPathMustBeWords(path: [String]) {
        let context = makeContext()

        #expect(throws: CommandError.self) { try context.addCommand(command(path)) }
        #expect(context.commands.isEmpty)
    }

    @Test func aCommandRunsWithItsArgumentsAndOutput() async throws {
        struct Summary: Encodable { let title: String; let year: Int }
        let output = Collected()
        let errors = Collected()
        let spec = CommandSpec(arguments: [.init("QUERY", help: "words", repeats: true)],
                               options: [.init("--page", value: "N", help: "page", type: .integer)])
        let search = PluginCommand(path: ["alpha", "search"]) { arguments, invocation in
            invocation.writeLine("searching \(arguments.positionals.joined(separator: " ")) page \(arguments.integer("--page") ?? 1)")
            try invocation.writeJSON(Summary(title: "Dune", year: 2021))
            invocation.writeError("slow network")
        }
        let invocation = CommandInvocation(arguments: [], output: { output.append($0) }, error: { errors.append($0) })

        let code = await search.execute(try spec.parse(["dune", "--page", "2"]), pluginID: "alpha", usage: spec.usage(path: search.path),
                                        invocation: invocation)

        #expect(code == 0)
        #expect(output.text == "searching dune page 2\n{\n  \"title\" : \"Dune\",\n  \"year\" : 2021\n}\n")
        #expect(errors.text == "slow network\n")
    }

    /// A command line as the build tool generates it from `plugin.json`.
    struct GoCommand: DeclaredCommand {
        static let words = ["alpha", "go"]
        let fast: Bool
        let arguments: CommandArguments

        init(_ arguments: CommandArguments) {
            self.arguments = arguments
            fast = arguments.has("--fast")
        }
    }

    /// The host owns the exit codes: one `<plugin>: message` line, and the usage line after a usage error.
    /// A plugin's own errors are put in its words once, by `PluginCommands`, which gets the command's words;
    /// a `CommandError` passes as it is, and the command gets its typed command line.
    @Test func aPluginsOwnErrorsAreWordedOnceForItsCommands() async throws {
        struct Refused: Error {}
        let context = makeContext()
        let commands = PluginCommands(context) { _, words in .usage("\(words.joined(separator: " ")) is not allowed") }
        try commands.add(GoCommand.self) { command, _ in
            if command.fast { throw CommandError.failure("too fast") }
            throw Refused()
        }
        let go = try #require(context.commands.first)
        #expect(go.path == ["alpha", "go"])
        let spec = CommandSpec(flags: [.init("--fast", help: "")])
        func run(_ words: [String]) async throws -> (Int32, String) {
            let errors = Collected()
            let invocation = CommandInvocation(arguments: words, output: { _ in }, error: { errors.append($0) })
            return (await go.execute(try spec.parse(words), pluginID: "alpha", usage: "strata alpha go", invocation: invocation), errors.text)
        }
        #expect(try await run([]) == (2, "alpha: alpha go is not allowed\nUsage: strata alpha go\n"))
        #expect(try await run(["--fast"]) == (1, "alpha: too fast\n"))
    }

    /// The host owns the exit codes: one `<plugin>: message` line, and the usage line after a usage error.
    @Test func whatACommandThrowsBecomesOneLineAndTheHostsExitCode() async throws {
        func outcome(_ error: any Error) async -> (Int32, String) {
            let errors = Collected()
            let command = PluginCommand(path: ["alpha", "go"]) { _, _ in throw error }
            let invocation = CommandInvocation(arguments: [], output: { _ in }, error: { errors.append($0) })
            let code = await command.execute(try! CommandSpec().parse([]), pluginID: "alpha", usage: "strata alpha go", invocation: invocation)
            return (code, errors.text)
        }
        struct Broken: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        #expect(await outcome(CommandError.usage("missing ID")) == (2, "alpha: missing ID\nUsage: strata alpha go\n"))
        #expect(await outcome(CommandError.failure("no such movie")) == (1, "alpha: no such movie\n"))
        #expect(await outcome(Broken()) == (1, "alpha: the disk is full\n"))
        #expect(await outcome(CommandError.interrupted("the run was stopped")) == (130, "alpha: the run was stopped\n"))
        #expect(await outcome(CommandError.exit(3)) == (3, ""))
    }

    /// A plugin can't reach the host's container by reflecting on its context or on the resolver its
    /// factories get: neither shows what it resolves through.
    @Test func reflectionShowsNeitherTheContainerNorTheResolversSource() throws {
        let container = Container()
        let context = makeContext(container: container)
        try context.register(String.self) { resolver in Mirror(reflecting: resolver).children.compactMap(\.label).joined(separator: ",") }
        #expect(Mirror(reflecting: context).children.compactMap(\.label) == ["pluginID", "dataDirectory", "settings"])
        #expect(try context.service(String.self) == "requester")
    }
}

/// Text written by a command, from any thread.
final class Collected: Sendable {
    private let parts = Mutex<[String]>([])

    func append(_ text: String) {
        parts.withLock { $0.append(text) }
    }

    var text: String {
        parts.withLock { $0.joined() }
    }
}
