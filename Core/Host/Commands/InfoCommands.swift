import FoundationEssentials
import StrataDI
import StrataPluginKit

/// `strata di list`: what plugins may resolve (the host's services and what plugins exported); with
/// `--private`, every plugin's own registrations too. It activates every usable plugin.
struct DIListing {
    let runner: HostRunner

    func run(json: Bool, includePrivate: Bool) {
        runner.activate()
        let all = runner.container.registrations
        let registrations = all.filter { includePrivate || $0.exported }
        if json {
            struct Row: Encodable { let owner, type: String; let name: String?; let scope: String; let exported: Bool }
            Console.writeJSON(
                registrations.map {
                    Row(
                        owner: $0.owner.name, type: $0.type, name: $0.name, scope: $0.scope.rawValue,
                        exported: $0.exported)
                })
        } else {
            Console.write(
                Console.table(
                    [["OWNER", "TYPE", "NAME", "SCOPE"] + (includePrivate ? ["VISIBILITY"] : [])]
                        + registrations.map {
                            [$0.owner.name, $0.type, $0.name ?? "-", $0.scope.rawValue]
                                + (includePrivate ? [$0.exported ? "exported" : "private"] : [])
                        }))
            if !includePrivate {
                let hidden = all.count - registrations.count
                if hidden > 0 {
                    let option = DiListCommand.name(\.private)
                    Console.writeLine("(\(hidden) private registration\(hidden == 1 ? "" : "s") of plugins not shown; \(option) shows them)")
                }
            }
        }
    }
}

/// `strata --help`: the host's commands, and the commands of the usable plugins from their descriptors
/// (none is loaded).
struct HostHelp {
    let records: [PluginRecord]
    /// Where the config came from, for the line about disabled features.
    let configSource: String

    var text: String {
        var text = """
            strata \(strataVersion): a plugin host for Swift feature modules

            Usage: strata [--config PATH] [--data-dir PATH] [-v] <command> [arguments]

            Host commands:
            """
        text += "\n" + Console.listing(HostCommand.all.map { ["  " + $0.usage, $0.summary] })
        let usable = records.filter { $0.state == .enabled || $0.state == .loaded }
        let commands = usable.flatMap { $0.descriptor?.commands ?? [] }
        if !commands.isEmpty {
            text += "\nFeature commands:\n"
            text += Console.listing(commands.map { ["  " + $0.words.joined(separator: " "), $0.summary] })
        }
        let disabled = records.filter { $0.state == .disabled }.map(\.id)
        if !disabled.isEmpty { text += "\nDisabled features: \(disabled.joined(separator: ", ")) (in \(configSource))\n" }
        text += "\nOptions:\n"
        text += Console.listing([
            ["  --config PATH", "config file (default: $STRATA_CONFIG, ./strata.json, ~/.config/strata/strata.json)"],
            ["  --data-dir PATH", "where features keep their data (default: $STRATA_DATA_DIR, ~/.local/share/strata)"],
            ["  -v, --verbose", "log debug messages to stderr (or STRATA_LOG=debug|info|warning|error)"],
            ["  -h, --help", "this help; `strata <command> --help` for a command"],
            ["  --version", "the version and the plugin ABI"],
        ])
        text += "\nRun `strata` in a terminal for the interactive app.\n"
        return text
    }
}

let strataVersion = "0.1.0"
