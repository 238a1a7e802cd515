import FoundationEssentials
import StrataPluginKit

/// A command line sent to the helper, as a ``HelperWire/Kind/run`` frame's payload: a flags byte (1: strata's
/// output is a terminal; 2: files cross with it; 4: the command comes routed and parsed), the number of words as
/// 4 big-endian bytes, each word as its 4-byte big-endian length and its UTF-8, then, when routed (wire version
/// 9, ``Routed``), the number of its words that are the command's path and the parse (positionals, options with
/// their values, flags: each a count and length-prefixed texts), then, when files cross, their
/// ``HelperFileArgument``s as JSON.
/// Compact rather than JSON since wire version 4: decoding the JSON was 40% of the helper's reading thread
/// in a round trip (RESULTS.md §7); the files, which few command lines name, stay JSON.
struct HelperRequest: Equatable {
    /// The command line, the command's path first.
    var words: [String]
    var isTerminal: Bool
    /// The files among `words` whose descriptors come with the request (``HelperFiles``).
    var files: [HelperFileArgument]?
    /// The command strata routed `words` to and the arguments it parsed (wire version 9); `nil`, to a helper of
    /// version 8 or older, which routes and parses the words itself.
    var routed: Routed?

    /// What strata's routing and parse of a command line found: the helper runs the command of this path
    /// (looked up by its exact words) with these arguments, and parses nothing (#46).
    struct Routed: Equatable {
        /// How many of the request's words are the command's declared path.
        var pathCount: Int
        var arguments: CommandArguments
    }

    /// The wire version from which strata sends ``routed`` and the helper runs nothing else.
    static let routedVersion: UInt32 = 9

    private static let terminal: UInt8 = 1, withFiles: UInt8 = 2, withRoute: UInt8 = 4

    /// The command's path, when routed.
    var path: [String]? { routed.map { Array(words.prefix($0.pathCount)) } }

    var payload: [UInt8] {
        let encodedFiles = files.map { HelperWire.json($0) }
        var writer = WireWriter(capacity: 5 + words.reduce(0) { $0 + 4 + $1.utf8.count } + (encodedFiles?.count ?? 0))
        writer.write((isTerminal ? Self.terminal : 0) | (encodedFiles == nil ? 0 : Self.withFiles) | (routed == nil ? 0 : Self.withRoute))
        Self.write(words, to: &writer)
        if let routed {
            writer.write(UInt32(truncatingIfNeeded: routed.pathCount))
            Self.write(routed.arguments.positionals, to: &writer)
            let options = routed.arguments.givenOptions.sorted { $0.key < $1.key }
            writer.write(UInt32(truncatingIfNeeded: options.count))
            for (name, values) in options {
                writer.write(name.utf8, lengthAs: UInt32.self)
                Self.write(values, to: &writer)
            }
            Self.write(routed.arguments.givenFlags.sorted(), to: &writer)
        }
        if let encodedFiles { writer.write(encodedFiles) }
        return writer.bytes
    }

    init(words: [String], isTerminal: Bool, files: [HelperFileArgument]? = nil, routed: Routed? = nil) {
        self.words = words
        self.isTerminal = isTerminal
        self.files = files
        self.routed = routed
    }

    /// The request `payload` holds; `nil` unless it is exactly that (every count and length checked against
    /// the bytes left before it is used, texts of valid UTF-8, a path no longer than the words, no option or
    /// flag named twice, and nothing after them but the files).
    init?(payload: [UInt8]) {
        var reader = WireReader(payload)
        guard let flags = reader.read(UInt8.self), flags & ~(Self.terminal | Self.withFiles | Self.withRoute) == 0,
            let words = Self.texts(&reader)
        else { return nil }
        var routed: Routed?
        if flags & Self.withRoute != 0 {
            guard let pathCount = reader.read(UInt32.self).map(Int.init), pathCount <= words.count, let positionals = Self.texts(&reader),
                let optionCount = reader.read(UInt32.self).map(Int.init), optionCount <= reader.remaining / 8
            else { return nil }
            var options: [String: [String]] = [:]
            for _ in 0..<optionCount {
                guard let name = reader.readText(lengthAs: UInt32.self), options[name] == nil, let values = Self.texts(&reader) else { return nil }
                options[name] = values
            }
            guard let flagNames = Self.texts(&reader), Set(flagNames).count == flagNames.count else { return nil }
            routed = Routed(pathCount: pathCount, arguments: CommandArguments(positionals: positionals, options: options, flags: Set(flagNames)))
        }
        var files: [HelperFileArgument]?
        if flags & Self.withFiles != 0 {
            guard let decoded = HelperWire.value([HelperFileArgument].self, json: reader.readRest()) else { return nil }
            files = decoded
        } else if !reader.isAtEnd {
            return nil
        }
        self.init(words: words, isTerminal: flags & Self.terminal != 0, files: files, routed: routed)
    }

    private static func write(_ texts: [String], to writer: inout WireWriter) {
        writer.write(UInt32(truncatingIfNeeded: texts.count))
        for text in texts { writer.write(text.utf8, lengthAs: UInt32.self) }
    }

    /// A count and that many length-prefixed texts; `nil` unless each is there whole and valid UTF-8.
    private static func texts(_ reader: inout WireReader) -> [String]? {
        // Each text takes at least 4 bytes: a count larger than that allows is refused before anything is kept.
        guard let count = reader.read(UInt32.self).map(Int.init), count <= reader.remaining / 4 else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count {
            guard let text = reader.readText(lengthAs: UInt32.self) else { return nil }
            texts.append(text)
        }
        return texts
    }
}
