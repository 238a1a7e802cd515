import StrataBase
import StrataPluginKit

/// How one feature runs, from `features.<id>` in the config: `isolation`, `capabilities` (narrowing what
/// its `plugin.json` declares) and `limits` (the helper's rlimits).
struct IsolationSettings: Equatable {
    /// Where a plugin's code runs.
    enum Mode: String, CaseIterable {
        /// Inside strata, with all of the user's authority (the default for a plugin that ships with strata).
        case none
        /// In a sandboxed helper process (Landlock, seccomp, rlimits, an emptied environment): the default for
        /// every other plugin (a drop-in, one installed with `plugins install`, one being developed).
        case process
        /// In a helper process without the kernel sandbox, for kernels without Landlock or seccomp: only
        /// when the config says so, never as a silent downgrade.
        case processUnsandboxed = "process-unsandboxed"

        /// Where the code runs, for people.
        var sentence: String {
            switch self {
            case .none: "Runs inside strata, with all of your authority (\"isolation\": \"none\"); the capabilities above are not enforced."
            case .process: "Runs in a sandboxed helper process that can reach only the above (\"isolation\": \"process\")."
            case .processUnsandboxed:
                "Runs in a helper process without the kernel sandbox (\"isolation\": \"process-unsandboxed\"); the capabilities above are not enforced."
            }
        }
    }

    /// The helper's resource limits.
    struct Limits: Equatable {
        /// Address space, in MiB.
        var memoryMegabytes = 1_024
        /// Open file descriptors.
        var openFiles = 256
        /// CPU seconds per command.
        var cpuSeconds = 300
        /// What its data folder may hold, in MiB: no file it writes grows past it (RLIMIT_FSIZE), and a
        /// helper whose folder holds more doesn't start (``DataFolderQuota``).
        var diskMegabytes = 1_024

        static let keys = ["memoryMegabytes", "openFiles", "cpuSeconds", "diskMegabytes"]
        /// The largest value each may be set to.
        static let maximum = 1 << 20

        /// The least each may be set to: below these a helper can't start at all, and the failure would blame
        /// the plugin, the sandbox or the disk instead of the limit. Measured with the debug build: at 48 MiB
        /// of address space the Swift runtime's thread pool waits forever for memory and at 64 SQLite runs
        /// out of it (`blocks list`); a plugin that links all of Foundation (Movies) can't map it at 256 and
        /// runs at 384; with 10 open files SQLite can't open its journal.
        static func minimum(of key: String) -> Int {
            switch key {
            case "memoryMegabytes": 512
            case "openFiles": 64
            default: 1
            }
        }
    }

    /// Where its code runs: `configuredMode`, else the default by where the plugin comes from
    /// (``StrataConfig/isolation(for:at:)``).
    var mode: Mode = .process
    /// `features.<id>.isolation` as written (`nil`: not written, the default applies).
    var configuredMode: Mode?
    /// `features.<id>.capabilities` as written: what the plugin's declarations are narrowed to.
    var narrowing: PluginDescriptor.Capabilities?
    var limits = Limits()

    static let keys = ["isolation", "capabilities", "limits"]

    /// Reads the isolation keys of one `features.<id>` object.
    init(_ fields: [String: JSONValue], id: String, source: String) throws(ConfigError) {
        if let value = fields["isolation"] {
            guard case .string(let name) = value, let mode = Mode(rawValue: name) else {
                throw .wrongType(
                    source: source, keyPath: "features.\(id).isolation",
                    expected: "\"none\", \"process\" or \"process-unsandboxed\"",
                    found: value.kind)
            }
            self.mode = mode
            configuredMode = mode
        }
        if let value = fields["capabilities"] {
            do {
                narrowing = try PluginDescriptor.Capabilities(json: value, path: "features.\(id).capabilities")
            } catch {
                guard case .wrongTypes(let keyPath, let detail) = error else { throw .malformed(source: source, location: nil, detail: "\(error)") }
                throw .wrongType(source: source, keyPath: keyPath, expected: "what plugin.json's capabilities hold", found: detail)
            }
        }
        if let value = fields["limits"] {
            guard case .object(let members) = value else {
                throw .wrongType(source: source, keyPath: "features.\(id).limits", expected: "an object", found: value.kind)
            }
            for (key, member) in members {
                let keyPath = "features.\(id).limits.\(key)"
                guard Limits.keys.contains(key) else {
                    throw .wrongType(source: source, keyPath: keyPath, expected: "one of \(Limits.keys.joined(separator: ", "))", found: "an unknown key")
                }
                let minimum = Limits.minimum(of: key)
                guard case .number(let number) = member, let count = Int(exactly: number), (minimum...Limits.maximum).contains(count) else {
                    throw .wrongType(
                        source: source, keyPath: keyPath, expected: "a whole number from \(minimum) to \(Limits.maximum)",
                        found: { if case .number(let number) = member { Int(exactly: number).map { "\($0)" } ?? "\(number)" } else { member.kind } }())
                }
                switch key {
                case "memoryMegabytes": limits.memoryMegabytes = count
                case "openFiles": limits.openFiles = count
                case "diskMegabytes": limits.diskMegabytes = count
                default: limits.cpuSeconds = count
                }
            }
        }
    }

    init() {}

    /// What the plugin may reach: its declarations, narrowed by the config; and what the config named that
    /// the plugin never declared (a config can't widen them).
    func capabilities(declared: PluginDescriptor.Capabilities) -> (capabilities: PluginDescriptor.Capabilities, undeclared: [String]) {
        guard let narrowing else { return (declared, []) }
        return declared.narrowed(to: narrowing)
    }
}

extension IsolationSettings {
    /// Why plugin `id` runs where it does, for messages: the config's key, or the default.
    func origin(of id: String, in source: String) -> String {
        if configuredMode != nil { return "\"isolation\": \"\(mode.rawValue)\" under features.\(id) in \(source)" }
        return mode == .none
            ? "it ships with strata"
            : "the default for a plugin that doesn't ship with strata; \"isolation\": \"none\" under features.\(id) in \(source) runs it inside strata"
    }

    /// What the plugin may do and where it runs, in words a person understands (`plugins info`, `plugins
    /// install`): one line each, narrowed by the config, with the hosts the user `chose` in its settings.
    func sentences(for descriptor: PluginDescriptor, chosen: [ChosenHost] = []) -> [String] {
        let (capabilities, undeclared) = capabilities(declared: descriptor.capabilities)
        var lines = capabilities.sentences
        // The first line is the network's: the addresses the user types join it.
        if let typed = Self.typedAddresses(descriptor), !lines.isEmpty {
            lines[0] = capabilities.network.isEmpty ? "No network access but where you say: \(typed)." : "\(lines[0]) And where you say: \(typed)."
        }
        // Hosts the plugin declares that the config took away are named, so that a refusal isn't taken for the plugin's.
        let takenAway = descriptor.capabilities.network.filter { !capabilities.network.contains($0) }
        if narrowing != nil, !takenAway.isEmpty, let first = lines.first {
            lines[0] =
                "\(first) It declares \(takenAway.joined(separator: ", ")), which your config took away "
                + "(features.\(descriptor.id).capabilities.network)."
        }
        lines += chosen.map(\.sentence)
        lines.append(descriptor.opensScreens ? "Opens screens in the app." : "Opens no screens.")
        if !undeclared.isEmpty {
            lines.append("The config names \(undeclared.joined(separator: ", ")), which the plugin never declared: a config can only take capabilities away.")
        }
        let byDefault = mode == .none ? " It ships with strata." : " That is the default for a plugin that doesn't ship with strata."
        lines.append(mode.sentence + (configuredMode == nil ? byDefault : ""))
        return lines
    }

    /// Where the plugin's commands take an address the user types (``CommandSpec/Endpoint``), as
    /// `it listens on the ADDR:PORT you give strata running host --listen`; `nil` when none does.
    private static func typedAddresses(_ descriptor: PluginDescriptor) -> String? {
        let uses = descriptor.commands.flatMap { command in
            let path = (["strata"] + command.words).joined(separator: " ")
            return command.spec.arguments.compactMap { argument in argument.endpoint.map { ($0, "the \(argument.name) you give \(path)") } }
                + command.spec.options.compactMap { option in option.endpoint.map { ($0, "the \(option.value) you give \(path) \(option.name)") } }
        }
        guard !uses.isEmpty else { return nil }
        return uses.map { endpoint, place in "it \(endpoint == .listen ? "listens on" : "connects to") \(place)" }.joined(separator: "; ")
    }
}

/// Why strata doesn't open a plugin in its own process: its config sends it to a helper (its commands run
/// there), so `di list`, `plugins check` or a dependent never run its code unsandboxed.
struct InProcessRefusal: Error, CustomStringConvertible {
    let description: String

    init?(_ id: String, at path: String, config: StrataConfig) {
        let isolation = config.isolation(for: id, at: path)
        guard isolation.mode != .none else { return nil }
        description =
            "it runs in a helper process (\(isolation.origin(of: id, in: config.source))), "
            + "so strata doesn't open it in its own process; its commands run in the helper"
    }
}

/// Why a plugin that uses another's Swift types (it names it in `dependencies`: the other exports them,
/// it consumes them) can't run when either runs in a helper process: a protocol or a class doesn't cross
/// between processes, so both must run inside strata.
enum IsolationBoundary {
    /// The line for `dependent`, which uses `dependency`'s types, when `isolated` (one of the two) runs in a
    /// helper as `isolation` says.
    static func refusal(dependent: String, dependency: String, isolated: String, isolation: IsolationSettings, source: String) -> String {
        "plugin \(dependent) uses \(dependency)'s Swift types (\"dependencies\" in its plugin.json), but \(isolated) runs in a helper "
            + "process (\(isolation.origin(of: isolated, in: source))), and Swift types don't cross between processes. "
            + "To use them, set \"isolation\": \"none\" under features.\(dependent) and features.\(dependency) in \(source): "
            + "both then run inside strata, with all of your rights"
    }
}
