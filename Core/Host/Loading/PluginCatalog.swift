import FoundationEssentials
import StrataPluginKit

/// Every discovered plugin as its descriptor tells it, known before any plugin code runs.
///
/// For each library the catalog reads the descriptor from the file (``PluginDescriptorReader``) and
/// checks what can be checked without loading it: the id against the file name, the ABI stamp against
/// this host's, the dependencies' version ranges, command words claimed twice (or claimed from the host),
/// and a crash remembered by the ``CrashJournal``. `plugins list`, `--help`, `config check`, the home screen
/// and command routing read only this; a plugin's code is loaded when one of its commands or screens is
/// used.
struct PluginCatalog {
    /// One plugin: where it is, what its descriptor says, and why it can't be used, if it can't.
    struct Entry {
        let id: String
        let path: String
        /// `nil` when the descriptor couldn't be read (the problem says why).
        var descriptor: PluginDescriptor?
        /// Why the plugin can't be used, known before loading it.
        var problem: String?
        /// The crash the journal remembers for this very file, if any.
        var crash: CrashJournal.Record?
        /// The file that was judged (``DiscoveredPlugin/identity``).
        var identity: FileIdentity?
        /// Whether the problem is that it was built for another SDK or Swift, or needs SDK symbols this strata lacks.
        var incompatible = false

        /// The name shown to people: the descriptor's, else the id.
        var displayName: String { descriptor?.displayName ?? id }

        /// The keys of the settings its descriptor marks `secret`.
        var secretSettings: Set<String> { Set(descriptor?.settings.filter(\.secret).map(\.key) ?? []) }
    }

    let entries: [Entry]

    /// Reads the descriptors of `discovered` and checks them.
    /// - Parameters:
    ///   - crashes: the crash journal's folder.
    ///   - reservedWords: the host's own top-level words, which no plugin may claim.
    init(discovered: [DiscoveredPlugin], crashes: URL, reservedWords: Set<String>) {
        var entries = discovered.concurrentMap { plugin in
            var entry = Entry(id: plugin.id, path: plugin.path, problem: plugin.problem, identity: plugin.identity)
            guard entry.problem == nil else { return entry }
            do {
                let descriptor = try PluginDescriptorSection.decode(plugin.section?.get() ?? PluginDescriptorReader.section(libraryAt: plugin.path))
                entry.descriptor = descriptor
                entry.problem = Self.problem(with: descriptor, fileID: plugin.id)
                Self.checkCompatibility(&entry, descriptor: descriptor, missingSymbol: plugin.missingSymbol)
            } catch {
                entry.problem = "\(error)"
            }
            return entry
        }
        Self.checkDependencyVersions(&entries)
        Self.checkWordConflicts(&entries, reservedWords: reservedWords)
        let journaled = CrashJournal.journaledIDs(in: crashes)
        for index in entries.indices where entries[index].problem == nil && journaled.contains(entries[index].id) {
            entries[index].crash = CrashJournal.record(for: entries[index].id, path: entries[index].path, in: crashes)
        }
        self.entries = entries
    }

    /// The entry for `id`.
    func entry(_ id: String) -> Entry? { entries.first { $0.id == id } }

    /// The usable plugin's command that the longest prefix of `words` selects.
    func command(for words: [String]) -> (entry: Entry, command: PluginDescriptor.Command)? {
        entries.compactMap { entry in entry.descriptor?.command(for: words).map { (entry: entry, command: $0) } }
            .max { $0.command.words.count < $1.command.words.count }
    }

    /// The plugin whose commands start with `word` (`clock` → blocks), or whose id it is.
    func owner(ofWord word: String) -> Entry? {
        entries.first { $0.descriptor?.commands.contains { $0.words.first == word } == true }
            ?? entries.first { $0.id == word }
    }

    /// `ids` and everything they depend on, as descriptors declare it.
    func closure(of ids: Set<String>) -> Set<String> {
        var result = ids
        var queue = Array(ids)
        while let id = queue.popLast() {
            for dependency in entry(id)?.descriptor?.dependencies.keys.sorted() ?? [] where result.insert(dependency).inserted {
                queue.append(dependency)
            }
        }
        return result
    }

    /// Why a readable descriptor can't be used with this host and this file, or `nil`.
    static func problem(with descriptor: PluginDescriptor, fileID: String) -> String? {
        if let refusal = StrataABI.refusal(ofStamp: descriptor.abi) { return PluginFailure.incompatible(refusal).description }
        if descriptor.id != fileID {
            return PluginFailure.badDescriptor("its descriptor's id is '\(descriptor.id)' but the library name says '\(fileID)'; rename the library to lib\(descriptor.id.capitalized)Plugin.so or fix the id in its plugin.json").description
        }
        return nil
    }

    /// Marks a plugin built for another SDK or Swift, or one needing an SDK symbol this strata lacks, `incompatible`.
    private static func checkCompatibility(_ entry: inout Entry, descriptor: PluginDescriptor, missingSymbol: String?) {
        if let refusal = StrataABI.refusal(ofStamp: descriptor.abi) {
            entry.problem = PluginFailure.incompatible(refusal).description
        } else if let missingSymbol, entry.problem == nil {
            entry.problem = PluginFailure.missingSymbol(missingSymbol, stamp: descriptor.abi, path: entry.path).description
        } else {
            return
        }
        entry.incompatible = true
    }

    /// A dependency installed in a version outside the range asked for fails the plugin that asks.
    private static func checkDependencyVersions(_ entries: inout [Entry]) {
        let versions = Dictionary(entries.compactMap { entry in
            entry.descriptor.flatMap { descriptor in SemanticVersion(descriptor.version).map { (entry.id, $0) } }
        }, uniquingKeysWith: { first, _ in first })
        for index in entries.indices where entries[index].problem == nil {
            for (dependency, text) in entries[index].descriptor?.dependencies.sorted(by: { $0.key < $1.key }) ?? [] {
                guard let range = VersionRange(text), let installed = versions[dependency], !range.contains(installed) else { continue }
                entries[index].problem = PluginFailure.dependency("depends on '\(dependency)' \(text), but \(installed) is installed").description
                break
            }
        }
    }

    /// Words claimed by two plugins (the same command, or one a prefix of the other's) fail both, naming
    /// both files; a word the host keeps fails the plugin that claims it.
    private static func checkWordConflicts(_ entries: inout [Entry], reservedWords: Set<String>) {
        var conflicts: [Int: [String]] = [:]
        for (index, entry) in entries.enumerated() where entry.problem == nil {
            for command in entry.descriptor?.commands ?? [] where reservedWords.contains(command.words[0]) {
                conflicts[index, default: []].append("its command '\(command.words.joined(separator: " "))' uses '\(command.words[0])', a word strata keeps for itself")
            }
        }
        // Two commands of different plugins clash when one's words start the other's. Each command's prefixes
        // are looked up among all claimed paths (a descriptor's limit bounds the words), so this is linear in
        // commands rather than comparing every pair.
        var claimed: [[String]: [Int]] = [:]
        var clashes: [(first: Int, second: Int, reason: String)] = []
        var paths: [(entry: Int, words: [String])] = []
        for (index, entry) in entries.enumerated() where entry.problem == nil {
            for command in entry.descriptor?.commands ?? [] { paths.append((index, command.words)) }
        }
        func clash(_ earlier: (entry: Int, words: [String]), _ later: (entry: Int, words: [String])) {
            let reason = "command '\(earlier.words.joined(separator: " "))' of \(entries[earlier.entry].path) and '\(later.words.joined(separator: " "))' of \(entries[later.entry].path) claim the same words; remove one of the libraries or rename its commands"
            clashes.append((earlier.entry, later.entry, reason))
        }
        for path in paths { claimed[path.words, default: []].append(path.entry) }
        // Each pair once: from the longer path (or, for equal paths, from the later entry) to the other.
        for path in paths {
            for length in stride(from: 1, through: path.words.count, by: 1) {
                let prefix = Array(path.words.prefix(length))
                for other in claimed[prefix] ?? [] where other != path.entry && (length < path.words.count || other < path.entry) {
                    if other < path.entry { clash((other, prefix), path) } else { clash(path, (other, prefix)) }
                }
            }
        }
        for clash in clashes.sorted(by: { ($0.first, $0.second) < ($1.first, $1.second) }) {
            conflicts[clash.first, default: []].append(clash.reason)
            conflicts[clash.second, default: []].append(clash.reason)
        }
        for (index, reasons) in conflicts {
            entries[index].problem = PluginFailure.wordConflict(reasons[0]).description
        }
    }
}
