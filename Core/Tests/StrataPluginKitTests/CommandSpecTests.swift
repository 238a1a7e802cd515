import Testing
@testable import StrataPluginKit

/// One parser for every command: declared arguments, typed options and flags; usage and help generated.
@Suite struct CommandSpecTests {
    let search = CommandSpec(
        arguments: [.init("QUERY", help: "words of the title", repeats: true)],
        options: [.init("--page", value: "N", help: "the page", type: .integer),
                  .init("--mode", value: "MODE", help: "how", choices: ["race", "team"]),
                  .init("--goal", value: "KM", help: "how far", type: .number, required: true)],
        flags: [.init("--json", help: "print JSON")])

    @Test func usageAndHelpComeFromTheDeclaration() {
        #expect(search.usage(path: ["films", "search"])
                == "strata films search QUERY... [--page N] [--mode race|team] --goal KM [--json]")
        let help = search.help(path: ["films", "search"], summary: "Search films")
        #expect(help.hasPrefix("Search films\n\nUsage: strata films search QUERY..."))
        #expect(help.contains("  --goal KM          how far (required)\n"), "\(help)")
        #expect(help.contains("  QUERY...           words of the title\n"))
        #expect(CommandSpec(arguments: [.init("ID", help: "", optional: true)]).usage(path: ["x"]) == "strata x [ID]")
    }

    @Test func aGoodCommandLineParses() throws {
        let parsed = try search.parse(["blade", "runner", "--page=2", "--goal", "5.5", "--json", "--mode", "race"])
        #expect(parsed.positionals == ["blade", "runner"])
        #expect(parsed.integer("--page") == 2 && parsed.number("--goal") == 5.5 && parsed.has("--json"))
        #expect(try search.parse(["--goal", "1", "--", "--page"]).positionals == ["--page"])
    }

    /// A declared range is checked by the parse, as the type is: the command's code gets values inside it.
    @Test func aValueOutsideItsDeclaredRangeIsAUsageError() throws {
        let spec = CommandSpec(options: [.init("--speed", value: "N", help: "", type: .number, minimum: 0, maximum: 1000),
                                         .init("--page", value: "N", help: "", type: .integer, minimum: 1)])
        func problem(_ words: [String]) -> String? {
            do { _ = try spec.parse(words); return nil } catch { return error.description }
        }
        #expect(problem(["--speed", "1001"]) == "--speed takes a number from 0 to 1000, not \"1001\"")
        #expect(problem(["--speed", "-1"]) == "--speed takes a number from 0 to 1000, not \"-1\"")
        #expect(problem(["--page", "0"]) == "--page takes a whole number of 1 or more, not \"0\"")
        #expect(problem(["--speed", "0", "--page", "1"]) == nil)
    }

    @Test func badInputIsAUsageErrorThatSaysWhat() {
        func problem(_ spec: CommandSpec, _ words: [String]) -> String? {
            do { _ = try spec.parse(words); return nil } catch { return error.description }
        }
        #expect(problem(search, ["--goal", "1"]) == "missing QUERY")
        #expect(problem(search, ["dune"]) == "missing --goal KM")
        #expect(problem(search, ["dune", "--goal", ""]) == "missing --goal KM")
        #expect(problem(search, ["dune", "--goal", "far"]) == "--goal takes a number, not \"far\"")
        #expect(problem(search, ["dune", "--goal", "1", "--page", "two"]) == "--page takes a whole number, not \"two\"")
        #expect(problem(search, ["dune", "--goal", "1", "--mode", "solo"]) == "--mode takes one of race, team, not \"solo\"")
        #expect(problem(search, ["dune", "--goal"]) == "--goal needs a value")
        #expect(problem(search, ["dune", "--goal", "1", "--colour"])?.hasPrefix("unknown option --colour") == true)
        let show = CommandSpec(arguments: [.init("ID", help: "")])
        #expect(problem(show, ["1", "2"]) == "unexpected argument '2'")
    }

    @Test func aDeclarationThatCantWorkIsRefused() {
        #expect(CommandSpec(flags: [.init("json", help: "")]).problem?.contains("start with --") == true)
        #expect(CommandSpec(options: [.init("--a", value: "A", help: "")], flags: [.init("--a", help: "")]).problem == "--a is declared twice")
        #expect(CommandSpec(arguments: [.init("A", help: "", repeats: true), .init("B", help: "")]).problem
                == "only the last argument may repeat, not A")
        #expect(CommandSpec(arguments: [.init("A", help: "", optional: true), .init("B", help: "")]).problem
                == "a required argument can't follow the optional A")
        var both = CommandSpec.Option("--to", value: "FILE", help: "", endpoint: .connect)
        both.writes = true
        #expect(CommandSpec(options: [both]).problem == "--to: a value is a file or an endpoint (HOST:PORT), not both")
        var argument = CommandSpec.Argument("A", help: "", fileExtensions: [])
        argument.endpoint = .listen
        #expect(CommandSpec(arguments: [argument]).problem == "A: a value is a file or an endpoint (HOST:PORT), not both")
    }

    @Test func aDescriptorDeclaresItsCommandsAndMayNotWriteAUsageLine() throws {
        let json = #"{"id":"a","displayName":"A","version":"1.0.0","summary":"s","commands":[{"words":["a","go"],"summary":"Go","#
            + #""arguments":[{"name":"ID","help":"which"}],"options":[{"name":"--page","value":"N","help":"p","type":"integer"}]}]}"#
        let descriptor = try PluginDescriptorSection.decodeJSON(Array(json.utf8))
        #expect(descriptor.commands.first?.usage == "strata a go ID [--page N]")
        let old = #"{"id":"a","displayName":"A","version":"1.0.0","summary":"s","commands":[{"words":["a"],"summary":"S","usage":"strata a"}]}"#
        #expect(throws: PluginDescriptorError.self) { try PluginDescriptorSection.decodeJSON(Array(old.utf8)) }
        let badType = #"{"id":"a","displayName":"A","version":"1.0.0","summary":"s","commands":[{"words":["a"],"summary":"S","options":[{"name":"--n","value":"N","help":"h","type":"int"}]}]}"#
        #expect(throws: PluginDescriptorError.wrongTypes("commands[0].options[0].type", "'int' is not one of text, integer, number")) {
            try PluginDescriptorSection.decodeJSON(Array(badType.utf8))
        }
    }
}
