import StrataPluginKit

/// What the shell should offer for the word being typed, worked out from declarations only: the host's
/// commands and the descriptors of the usable plugins (no plugin code is loaded to answer).
///
/// `strata __complete WORD… CURRENT` prints it (``lines``) for the scripts of `strata completions`.
enum Completion: Equatable {
    /// These words.
    case words([String])
    /// File paths, only those with these extensions (and folders) when there are any.
    case files(extensions: [String])
    /// Folders.
    case directories

    /// The answer as the completion scripts read it: one candidate a line, or a first line `:files [EXT…]`
    /// or `:dirs`, which asks the shell to complete paths itself.
    var lines: String {
        switch self {
        case .words(let words): words.map { $0 + "\n" }.joined()
        case .files(let extensions): ([":files"] + extensions).joined(separator: " ") + "\n"
        case .directories: ":dirs\n"
        }
    }

    /// The completion a value or argument named `name` gets: paths for `FILE`, `PATH`, `PACKAGE` and `DIR`
    /// (and names ending in them, such as `CONFIG_FILE`), nothing for the rest.
    static func path(named name: String) -> Completion? {
        let name = name.uppercased()
        if name.hasSuffix("DIR") || name == "PACKAGE" { return .directories }
        if name.hasSuffix("FILE") || name.hasSuffix("PATH") { return .files(extensions: []) }
        return nil
    }
}

/// Completes a `strata` command line from command declarations.
struct ShellCompletion {
    /// A command as completion sees it: the host's (``HostCommand``) or a plugin's (its descriptor).
    struct Command {
        let words: [String]
        let spec: CommandSpec
    }

    let commands: [Command]
    /// The ids `plugins info|enable|…` complete.
    let pluginIDs: [String]
    /// The SDK releases `plugins verify --against` completes, with `all` (read only when it is being typed).
    var releases: () -> [String] = { ((try? SDKBaseline.releases())?.versions.map(\.description) ?? []) + ["all"] }

    /// The host's own options, taken anywhere on the line (``HostOptions``).
    static let globalOptions = ["--config", "--data-dir", "--help", "--verbose", "--version"]

    /// What to offer for `current`, the word being typed, after `typed`, the words before it (without
    /// `strata` and without the global options).
    func complete(_ typed: [String], current: String) -> Completion {
        let matched = commands.filter { typed.starts(with: $0.words) }.max { $0.words.count < $1.words.count }
        guard let command = matched else {
            return offer(nextWords(after: typed) + (typed.isEmpty ? Self.globalOptions : []), current)
        }
        let rest = Array(typed.dropFirst(command.words.count))
        // `strata dev PACKAGE -- COMMAND…`: what follows `--` is a command line of its own.
        if let dash = rest.firstIndex(of: "--"), command.spec.arguments.contains(where: { $0.name.hasPrefix("-- ") }) {
            return complete(Array(rest[(dash + 1)...]), current: current)
        }
        if let last = rest.last, let option = command.spec.options.first(where: { $0.name == last }) {
            if !option.choices.isEmpty { return offer(option.choices, current) }
            if option == HostCommand.against { return offer(releases(), current) }
            if let extensions = option.fileExtensions { return .files(extensions: extensions) }
            return Completion.path(named: option.value) ?? .words([])
        }
        if current.hasPrefix("-") {
            let used = Set(rest)
            let names = command.spec.options.map(\.name) + command.spec.flags.map(\.name)
            return offer(names.filter { !used.contains($0) } + ["--help"], current)
        }
        let position = positionalCount(rest, spec: command.spec)
        guard
            let argument = command.spec.arguments.indices.contains(position)
                ? command.spec.arguments[position]
                : command.spec.arguments.last.flatMap({ $0.repeats ? $0 : nil })
        else {
            return offer(rest.isEmpty ? nextWords(after: typed) : [], current)
        }
        if argument == HostCommand.pluginID { return offer(pluginIDs, current) }
        if argument == HostCommand.shell { return offer(ShellScript.names, current) }
        if let extensions = argument.fileExtensions { return .files(extensions: extensions) }
        return Completion.path(named: argument.name) ?? .words([])
    }

    /// The words that may follow `typed` toward a longer command: `blocks` → `add`, `list`, ….
    private func nextWords(after typed: [String]) -> [String] {
        commands.filter { $0.words.count > typed.count && $0.words.starts(with: typed) }.map { $0.words[typed.count] }
    }

    /// How many positional arguments `rest` holds (an option's value is not one).
    private func positionalCount(_ rest: [String], spec: CommandSpec) -> Int {
        var count = 0
        var index = rest.startIndex
        while index < rest.endIndex {
            let word = rest[index]
            if spec.options.contains(where: { $0.name == word }) {
                index += 2
                continue
            }
            if !word.hasPrefix("-") { count += 1 }
            index += 1
        }
        return count
    }

    /// The candidates that start with `current`, once each, sorted; a word a shell could misread (a
    /// control character, a space, a leading `:`) from a hostile descriptor is never offered.
    private func offer(_ candidates: [String], _ current: String) -> Completion {
        let safe = candidates.filter { word in
            !word.isEmpty && !word.hasPrefix(":") && !word.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == " " }
        }
        return .words(Array(Set(safe.filter { $0.hasPrefix(current) })).sorted())
    }
}

/// `strata __complete WORD… CURRENT`: prints what to offer for CURRENT (``Completion/lines``), from the
/// config and the descriptors alone; it prints nothing, and exits 0, when it can't tell (a broken config).
func completeCommandLine(_ words: [String], environment: [String: String]) -> Int32 {
    let current = words.last ?? ""
    let options: HostOptions
    do {
        options = try HostOptions.parse(Array(words.dropLast()))
    } catch {
        // The word after `--config` or `--data-dir` is being typed.
        Console.write((words.dropLast().last == "--data-dir" ? Completion.directories : .files(extensions: [])).lines)
        return 0
    }
    guard let context = try? HostContext.load(options: options, environment: environment) else { return 0 }
    Console.write(ShellCompletion(records: HostCatalog(context).records).complete(options.words, current: current).lines)
    return 0
}

extension ShellCompletion {
    /// The host's commands and the usable plugins' commands (of `records`), with every discovered plugin's id.
    init(records: [PluginRecord]) {
        let usable = records.filter { $0.state == .enabled || $0.state == .loaded }
        let host = HostCommand.all.map { ShellCompletion.Command(words: $0.words, spec: $0.spec) }
        let plugins = usable.flatMap { $0.descriptor?.commands ?? [] }.map { ShellCompletion.Command(words: $0.words, spec: $0.spec) }
        self.init(commands: host + plugins, pluginIDs: records.map(\.id))
    }
}
