import FoundationEssentials
import Glibc
import StrataPluginKit

/// `strata`: reads the config, loads the enabled feature plugins and serves their commands. The
/// executable's `main.swift` calls this with the process's arguments and environment; the exit code is the
/// process's.
@MainActor
public func runStrata(_ arguments: [String], environment: [String: String]) async -> Int32 {
    var environment = environment
    if arguments.first == "__complete" { return completeCommandLine(Array(arguments.dropFirst()), environment: environment) }
    let options: HostOptions
    do {
        options = try HostOptions.parse(arguments)
    } catch {
        Console.error("\(error). Run `strata --help`.")
        return 2
    }
    let words = options.words
    switch words.first {
    case "--version" where words.count > 1:
        Console.error("--version takes nothing after it. Run `strata --version`.")
        return 2
    case "--version":
        Console.writeLine("strata \(strataVersion) (\(StrataABI.stampString))")
        return 0
    case "dev":
        return DevLoop.run(Array(words.dropFirst()), options: options, environment: environment)
    case "plugins" where words.dropFirst().first == "new":
        return Scaffold.run(Array(words.dropFirst(2)), claimed: Scaffold.ClaimedNames(options: options, environment: environment))
    default:
        break
    }
    if words.first == "__probe", words.count > 1 {
        // A probe tries the plugin even if it crashed before; if it crashes again, the journal says so again.
        CrashJournal.forget(words[1], in: CrashJournal.directory(environment: environment))
    }
    if words.isEmpty && Console.isInteractive && environment["TERM"] != "dumb" && environment[Supervisor.supervisedVariable] == nil {
        switch Supervisor.run(arguments: arguments, environment: environment) {
        case .finished(let code): return code
        case .app(let appEnvironment): environment = appEnvironment  // this is the app, forked: it goes on below
        }
    }
    let session: HostSession
    do {
        session = try HostSession(options: options, environment: environment)
    } catch {
        Console.error("\(error)")
        return 2
    }
    for warning in session.warnings { Console.warning(warning) }
    switch Array(words.prefix(2)) {
    case [], ["-h"], ["--help"], ["help"]:
        if words.isEmpty && Console.isInteractive && environment["TERM"] != "dumb" {
            return await session.runInteractive()
        }
        if words.isEmpty { Console.write(HostSession.statusTable(session.records.map(PluginStatus.init)) + "\n") }
        Console.write(session.help())
        return 0
    case ["__probe", words.count > 1 ? words[1] : ""]: return session.probeMode(id: words[1])
    default:
        if let first = words.first, HostCommand.groups.contains(first) { return session.runHostCommand(words) }
        if let first = words.first, PluginLoader.reservedWords.contains(first) {
            Console.error("unknown command '\(words.joined(separator: " "))'. Run `strata --help`.")
            return 2
        }
        return await session.runFeatureCommand(words)
    }
}

