import Glibc
import StrataPluginKit
import Synchronization

/// What listing and routing need of one plugin's descriptor, and nothing else: a few hundred bytes where
/// the descriptor (help texts, argument specs, setting descriptions) has kilobytes. The catalog file
/// (``CatalogFile``) keeps these for every library, so that a run parses no descriptor it doesn't use.
struct PluginFacts: Equatable, Sendable {
    struct Screen: Equatable, Sendable {
        let title: String, summary: String
    }

    let id: String
    let displayName: String
    let version: String
    let summary: String
    /// By dependency id, the version range asked for.
    let dependencies: [String: String]
    /// The words of each declared command, in the descriptor's order.
    let commands: CommandPaths
    let screens: [Screen]
    /// The keys of the settings the descriptor marks `secret`.
    let secretSettings: Set<String>
    // Derived facts go here: anything judged from the descriptor once, when the library is read (the
    // catalog keeps it until the library changes). Add the field, its line in `CatalogFile+Coding`.
    /// Why this strata can't run it, judged from the file alone: built for another SDK or Swift
    /// (``StrataABI/refusal(ofStamp:host:)``), or needing an SDK symbol this strata's SDK lacks
    /// (``SDKSymbolCheck``); `nil` when it fits. Such a plugin is listed `incompatible` and never opened.
    let incompatibility: String?
    /// What it declares beyond its own data folder, by kind (``PluginGrant/Kind``: `files`, `environment`,
    /// `network`, `endpoint`, `screens`), which a drop-in needs the user's approval for (``PluginApproval``);
    /// `plugins list` shows it.
    var reach: [String] = []
    /// Whether it declares anything beyond its own data folder.
    var reaches: Bool { !reach.isEmpty }

    /// The words of each declared command, in the descriptor's order (decoded now if kept encoded).
    var commandPaths: [[String]] { commands.paths }

    /// The declared command path that the longest prefix of `words` selects.
    func commandPath(for words: [String]) -> [String]? {
        guard let first = words.first, commands.firstWords.contains(first) else { return nil }
        return commandPaths.filter { words.starts(with: $0) }.max { $0.count < $1.count }
    }
}

/// A plugin's command paths as the catalog keeps them: the distinct first words at once (what listing,
/// the word check across folders and routing look at first), the whole paths decoded when asked for. With
/// 500 plugins of 25 commands, decoding every path on every run would cost more than the rest of a listing.
struct CommandPaths: Equatable, Sendable {
    /// Each distinct first word, in order of first use.
    let firstWords: [String]
    private let storage: Storage

    private enum Storage: Sendable {
        case decoded([[String]])
        /// As `CatalogFile+Coding` writes a list of word lists; checked when the catalog was read. A slice of
        /// the catalog file's bytes, not a copy: 500 plugins of 25 commands copied about 440 KB out of it.
        case encoded(ArraySlice<UInt8>)
    }

    init(_ paths: [[String]]) {
        var seen: Set<String> = []
        firstWords = paths.compactMap { $0.first }.filter { seen.insert($0).inserted }
        storage = .decoded(paths)
    }

    /// Paths in their encoded form, whose first words are known.
    init(firstWords: [String], encoded: ArraySlice<UInt8>) {
        self.firstWords = firstWords
        storage = .encoded(encoded)
    }

    var paths: [[String]] {
        switch storage {
        case .decoded(let paths): paths
        case .encoded(let bytes): CatalogFile.decodePaths(bytes) ?? []
        }
    }

    /// The encoded form, as the catalog writes it.
    var encoded: [UInt8] {
        switch storage {
        case .decoded(let paths): CatalogFile.encodePaths(paths)
        case .encoded(let bytes): Array(bytes)
        }
    }

    static func == (a: CommandPaths, b: CommandPaths) -> Bool { a.firstWords == b.firstWords && a.encoded == b.encoded }
}

extension PluginFacts {
    /// What `descriptor` says that listing and routing need.
    init(_ descriptor: PluginDescriptor, incompatibility: String? = nil) {
        self.init(
            id: descriptor.id, displayName: descriptor.displayName, version: descriptor.version, summary: descriptor.summary,
            dependencies: descriptor.dependencies, commands: CommandPaths(descriptor.commands.map(\.words)),
            screens: descriptor.screens.map { Screen(title: $0.title, summary: $0.summary) },
            secretSettings: Set(descriptor.settings.filter(\.secret).map(\.key)), incompatibility: incompatibility,
            reach: descriptor.reach)
    }
}

/// One library's descriptor as the catalog knows it: its ``PluginFacts`` at once, the full descriptor parsed
/// the first time it is asked for (the plugin a command routes to, `plugins info`, `--help`). The section is
/// either in hand (the library was read in this run) or read again from the library, through a descriptor
/// whose file must still have the identity the catalog recorded.
final class DescribedPlugin: Sendable {
    enum Source: Sendable {
        case section([UInt8])
        case library(path: String, identity: CatalogFile.Identity)
    }

    let facts: PluginFacts
    private let source: Source
    private let parsed = Mutex<Parse?>(nil)

    /// What parsing the descriptor gave. Not a `Result`: making `Result`'s metadata checks that its error is
    /// an `Error`, which the runtime answers by scanning every conformance record of every library loaded
    /// (0.17 M instructions in every run that reads a catalog).
    private enum Parse {
        case parsed(PluginDescriptor)
        case failed(PluginDescriptorError)
    }

    init(facts: PluginFacts, source: Source) {
        self.facts = facts
        self.source = source
    }

    /// The descriptor made from a section in hand, with its facts.
    convenience init(_ descriptor: PluginDescriptor, section: [UInt8], incompatibility: String? = nil) {
        self.init(facts: PluginFacts(descriptor, incompatibility: incompatibility), source: .section(section))
        parsed.withLock { $0 = .parsed(descriptor) }
    }

    /// The full descriptor, parsed now if it hasn't been; `nil` if the library can no longer give it
    /// (``failure`` says why).
    var descriptor: PluginDescriptor? {
        parsed.withLock { parsed in
            if parsed == nil {
                do throws(PluginDescriptorError) { parsed = .parsed(try read()) } catch { parsed = .failed(error) }
            }
            guard case .parsed(let descriptor)? = parsed else { return nil }
            return descriptor
        }
    }

    /// Why the descriptor couldn't be read again, if it was tried and failed.
    var failure: String? {
        parsed.withLock { parsed in
            guard case .failed(let error)? = parsed else { return nil }
            return "\(error)"
        }
    }

    /// The section the descriptor is read from: the bytes in hand, or read again from the library (as
    /// ``descriptor`` reads it); `nil` if the library can no longer give it.
    var section: [UInt8]? { try? readSection() }

    private func read() throws(PluginDescriptorError) -> PluginDescriptor {
        try PluginDescriptorSection.decode(readSection())
    }

    private func readSection() throws(PluginDescriptorError) -> [UInt8] {
        switch source {
        case .section(let section): return section
        case .library(let path, let identity):
            let file = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard file >= 0 else { throw .unreadable("\(path): \(String(cString: strerror(errno)))") }
            defer { close(file) }
            var status = stat()
            guard fstat(file, &status) == 0, CatalogFile.Identity(status) == identity else {
                throw .unreadable("\(path) was replaced while strata ran; run the command again")
            }
            return try PluginDescriptorReader.section(file: file, path: path)
        }
    }
}
