import FoundationEssentials
import Glibc
import StrataPluginKit

/// `strata`: reads the config, loads the enabled feature plugins and serves their commands. The
/// executable's `main.swift` calls this with the process's arguments and environment; the exit code is the
/// process's.
@MainActor
public func runStrata(_ arguments: [String], environment: [String: String]) async -> Int32 {
    Console.exitCode(await runCommandLine(arguments, environment: environment))
}

/// ``runStrata(_:environment:)`` before standard output is judged.
@MainActor
private func runCommandLine(_ arguments: [String], environment: [String: String]) async -> Int32 {
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
        // A broken config doesn't stop a new plugin: its names are checked against the default folders then.
        let context =
            (try? HostContext.load(options: options, environment: environment))
            ?? HostContext(options: options, environment: environment, config: .builtIn)
        return Scaffold.run(Array(words.dropFirst(2)), claimed: Scaffold.ClaimedNames(HostCatalog(context)))
    default:
        break
    }
    if words.first == "__probe" || words.first == "__helper-sandboxed", words.count > 1 {
        // A probe tries the plugin even if it crashed before; if it crashes again, the journal says so again.
        // So does a helper: strata supervises its deaths (restarts, backoff, a cap), and its own journal, in
        // the plugin's data folder, would skip the plugin for good.
        CrashJournal.forget(words[1], in: CrashJournal.directory(environment: environment))
    }
    // A helper shakes hands before anything else: from wire version 8, strata sends it what it resolved, and
    // it reads no config and searches no folder (HelperServer).
    if let helper = HelperServer.Start(words) { return await HelperServer.serve(helper, options: options, environment: environment) }
    if words.isEmpty && Console.isInteractive && environment["TERM"] != "dumb" && environment[Supervisor.supervisedVariable] == nil {
        switch Supervisor.run(arguments: arguments, environment: environment) {
        case .finished(let code): return code
        case .app(let appEnvironment): environment = appEnvironment  // this is the app, forked: it goes on below
        }
    }
    // The pipeline: context (options, config, folders) → catalog (the plugins' descriptors) → router → runner.
    let context: HostContext
    do {
        context = try HostContext.load(options: options, environment: environment)
    } catch {
        Console.error("\(error)")
        return 2
    }
    let catalog = HostCatalog(context)
    HostRunner.prepareProcess(for: catalog)
    let runner = HostRunner(catalog)
    HostRunner.keptUntilExit = (catalog, runner.container)
    for warning in catalog.warnings { Console.warning(warning) }
    let router = HostRouter(catalog: catalog.plugins, records: runner.records, configSource: context.config.source)
    switch router.route(words, interactive: Console.isInteractive && environment["TERM"] != "dumb") {
    case .interactive: return await InteractiveCommand(runner: runner).run()
    case .overview(let status):
        if status { Console.write(PluginStatus.table(runner.records.map(PluginStatus.init)) + "\n") }
        Console.write(HostHelp(records: runner.records, configSource: context.config.source).text)
        return 0
    case .probe(let id): return PluginsCommands(runner: runner).probeMode(id: id)
    case .host(let command, let arguments): return command.run(arguments, on: runner)
    case .plugin(let request): return await runner.run(request)
    case .show(let text):
        Console.write(text)
        return 0
    case .fail(let message, let code):
        Console.error(message)
        return code
    }
}
