import FoundationEssentials
import StrataPluginKit

/// Every discovered plugin as its descriptor tells it, known before any plugin code runs.
///
/// For each library the catalog takes what its descriptor says (``PluginFacts``, from the folder's
/// ``CatalogFile`` or read from the file by ``PluginDescriptorReader``) and checks what can be checked
/// without loading it: the id against the file name, the ABI stamp against this host's, the dependencies'
/// version ranges, command words claimed twice (or claimed from the host), and a crash remembered by the
/// ``CrashJournal``. `plugins list`, `--help`, `config check`, the home screen and command routing read only
/// this; a full descriptor is parsed when it is asked for (the plugin a command routes to, `plugins info`),
/// and a plugin's code is loaded when one of its commands or screens is used.
struct PluginCatalog {
    /// One plugin: where it is, what its descriptor says, and why it can't be used, if it can't.
    struct Entry: Sendable {
        let id: String
        let path: String
        /// `nil` when the descriptor couldn't be read (the problem says why).
        var described: DescribedPlugin?
        /// Why the plugin can't be used, known before loading it.
        var problem: String?
        /// The crash the journal remembers for this very file, if any.
        var crash: CrashJournal.Record?
        /// The file that was judged (``DiscoveredPlugin/identity``).
        var identity: FileIdentity?
        /// Whether the problem is that it was built for another SDK or Swift, or needs SDK symbols this strata
        /// lacks (``PluginFacts/incompatibility``).
        var incompatible: Bool { facts?.incompatibility != nil }

        /// What listing and routing need of its descriptor.
        var facts: PluginFacts? { described?.facts }

        /// Its full descriptor, parsed on first use.
        var descriptor: PluginDescriptor? { described?.descriptor }

        /// The name shown to people: the descriptor's, else the id.
        var displayName: String { facts?.displayName ?? id }

        /// The keys of the settings its descriptor marks `secret`.
        var secretSettings: Set<String> { facts?.secretSettings ?? [] }
    }

    let entries: [Entry]

    /// Takes what the descriptors of `discovered` say and checks them.
    /// - Parameters:
    ///   - crashes: the crash journal's folder (`nil`: none is consulted).
    ///   - reservedWords: the host's own top-level words, which no plugin may claim.
    init(discovered: [DiscoveredPlugin], crashes: URL?, reservedWords: Set<String>) {
        // Only libraries not read yet (links, unreadable files) cost more than a moment here.
        let unread = discovered.count { $0.reading == nil && $0.problem == nil }
        var entries = discovered.concurrentMap(minimumCount: unread >= 64 ? 64 : .max) { plugin in
            var entry = Entry(id: plugin.id, path: plugin.path, problem: plugin.problem, identity: plugin.identity)
            guard entry.problem == nil else { return entry }
            switch plugin.reading ?? DiscoveredPlugin.Reading(libraryAt: plugin.path, fileID: plugin.id) {
            case .described(let described):
                entry.described = described
                entry.problem = described.facts.incompatibility
            case .problem(let problem): entry.problem = problem
            }
            return entry
        }
        Self.checkDependencyVersions(&entries)
        Self.checkWordConflicts(&entries, groups: discovered.map(\.wordGroup), reservedWords: reservedWords)
        let journaled = crashes.map { CrashJournal.journaledIDs(in: $0) } ?? []
        for index in entries.indices where entries[index].problem == nil && journaled.contains(entries[index].id) {
            entries[index].crash = crashes.flatMap { CrashJournal.record(for: entries[index].id, path: entries[index].path, in: $0) }
        }
        self.entries = entries
    }

    /// The entry for `id`.
    func entry(_ id: String) -> Entry? { entries.first { $0.id == id } }

    /// The usable plugin's command that the longest prefix of `words` selects. Only that plugin's full
    /// descriptor is parsed; if it can no longer be read, there is no command (``DescribedPlugin/failure``
    /// says why, and the plugin's record shows it).
    func command(for words: [String]) -> (entry: Entry, command: PluginDescriptor.Command)? {
        guard
            let match = entries.compactMap({ entry in entry.facts?.commandPath(for: words).map { (entry: entry, path: $0) } })
                .max(by: { $0.path.count < $1.path.count }),
            let command = match.entry.descriptor?.commands.first(where: { $0.words == match.path })
        else { return nil }
        return (match.entry, command)
    }

    /// The plugin whose commands start with `word` (`clock` → blocks), or whose id it is.
    func owner(ofWord word: String) -> Entry? {
        entries.first { $0.facts?.commands.firstWords.contains(word) == true }
            ?? entries.first { $0.id == word }
    }

    /// `ids` and everything they depend on, as descriptors declare it.
    func closure(of ids: Set<String>) -> Set<String> {
        var result = ids
        var queue = Array(ids)
        while let id = queue.popLast() {
            for dependency in entry(id)?.facts?.dependencies.keys.sorted() ?? [] where result.insert(dependency).inserted {
                queue.append(dependency)
            }
        }
        return result
    }

    /// Why a readable descriptor can't be used with this file, or `nil` (whether it fits this strata is its
    /// ``PluginFacts/incompatibility``).
    static func problem(with descriptor: PluginDescriptor, fileID: String) -> String? {
        if descriptor.id != fileID {
            return PluginFailure.badDescriptor(
                "its descriptor's id is '\(descriptor.id)' but the library name says '\(fileID)'; rename the library to lib\(descriptor.id.capitalized)Plugin.so or fix the id in its plugin.json"
            ).description
        }
        return nil
    }

    /// Why this strata can't run the library at `path` (open as `file`, if given) whose descriptor is
    /// `descriptor`, or `nil`: the one rule on its stamp (``StrataABI/refusal(ofStamp:host:)``), then the SDK
    /// symbols it expects (``SDKSymbolCheck``). Discovery keeps the answer in ``PluginFacts/incompatibility``.
    static func incompatibility(of descriptor: PluginDescriptor, path: String, file: Int32? = nil) -> String? {
        if let refusal = StrataABI.refusal(ofStamp: descriptor.abi) { return PluginFailure.incompatible(refusal).description }
        let missing = file.map { SDKSymbolCheck.firstMissing(file: $0, path: path) } ?? SDKSymbolCheck.firstMissing(libraryAt: path)
        return missing.map { PluginFailure.missingSymbol($0, stamp: descriptor.abi, path: path).description }
    }

    /// A dependency installed in a version outside the range asked for fails the plugin that asks.
    private static func checkDependencyVersions(_ entries: inout [Entry]) {
        guard entries.contains(where: { $0.problem == nil && $0.facts?.dependencies.isEmpty == false }) else { return }
        let versions = Dictionary(
            entries.compactMap { entry in
                entry.facts.flatMap { facts in SemanticVersion(facts.version).map { (entry.id, $0) } }
            }, uniquingKeysWith: { first, _ in first })
        for index in entries.indices where entries[index].problem == nil {
            for (dependency, text) in entries[index].facts?.dependencies.sorted(by: { $0.key < $1.key }) ?? [] {
                guard let range = VersionRange(text), let installed = versions[dependency], !range.contains(installed) else { continue }
                entries[index].problem = PluginFailure.dependency("depends on '\(dependency)' \(text), but \(installed) is installed").description
                break
            }
        }
    }

    /// Words claimed by two plugins (the same command, or one a prefix of the other's) fail both, naming
    /// both files (``WordConflicts``); a word the host keeps fails the plugin that claims it. Plugins of one
    /// `groups` value (a folder whose catalog found no clash when it was built) can't clash with each other,
    /// so the full check runs only when plugins of different groups share a first word.
    private static func checkWordConflicts(_ entries: inout [Entry], groups: [Int?], reservedWords: Set<String>) {
        let usable = entries.indices.filter { entries[$0].problem == nil }
        var conflicts: [Int: [String]] = [:]
        var groupOfWord: [String: Int] = [:]
        var mayClash = false
        for index in usable {
            let group = groups[index] ?? -1 - index  // a plugin no catalog vouches for is a group of its own
            for word in entries[index].facts?.commands.firstWords ?? [] {
                if reservedWords.contains(word) {
                    for words in entries[index].facts?.commandPaths ?? [] where words[0] == word {
                        conflicts[index, default: []].append("its command '\(words.joined(separator: " "))' uses '\(word)', a word strata keeps for itself")
                    }
                }
                if let owner = groupOfWord.updateValue(group, forKey: word), owner != group { mayClash = true }
            }
        }
        if mayClash {
            let claimants = usable.map { WordConflicts.Claimant(path: entries[$0].path, commandPaths: entries[$0].facts?.commandPaths ?? []) }
            for (claimant, reasons) in WordConflicts.reasons(claimants) { conflicts[usable[claimant], default: []] += reasons }
        }
        for (index, reasons) in conflicts {
            entries[index].problem = PluginFailure.wordConflict(reasons[0]).description
        }
    }
}
