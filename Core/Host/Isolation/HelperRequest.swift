import FoundationEssentials

/// A command line sent to the helper, as a ``HelperWire/Kind/run`` frame's payload: a flags byte (1: strata's
/// output is a terminal; 2: files cross with it), the number of words as 4 big-endian bytes, each word as its
/// 4-byte big-endian length and its UTF-8, then, when files cross, their ``HelperFileArgument``s as JSON.
/// Compact rather than JSON since wire version 4: decoding the JSON was 40% of the helper's reading thread
/// in a round trip (RESULTS.md §7); the files, which few command lines name, stay JSON.
struct HelperRequest: Equatable {
    var words: [String]
    var isTerminal: Bool
    /// The files among `words` whose descriptors come with the request (``HelperFiles``).
    var files: [HelperFileArgument]?

    private static let terminal: UInt8 = 1, withFiles: UInt8 = 2

    var payload: [UInt8] {
        let encodedFiles = files.map { HelperWire.json($0) }
        var writer = WireWriter(capacity: 5 + words.reduce(0) { $0 + 4 + $1.utf8.count } + (encodedFiles?.count ?? 0))
        writer.write((isTerminal ? Self.terminal : 0) | (encodedFiles == nil ? 0 : Self.withFiles))
        writer.write(UInt32(truncatingIfNeeded: words.count))
        for word in words { writer.write(word.utf8, lengthAs: UInt32.self) }
        if let encodedFiles { writer.write(encodedFiles) }
        return writer.bytes
    }

    init(words: [String], isTerminal: Bool, files: [HelperFileArgument]? = nil) {
        self.words = words
        self.isTerminal = isTerminal
        self.files = files
    }

    /// The request `payload` holds; `nil` unless it is exactly that (every count and length checked against
    /// the bytes left before it is used, words of valid UTF-8, and nothing after them but the files).
    init?(payload: [UInt8]) {
        var reader = WireReader(payload)
        // Each word takes at least 4 bytes: a count larger than that allows is refused before anything is kept.
        guard let flags = reader.read(UInt8.self), flags & ~(Self.terminal | Self.withFiles) == 0,
            let count = reader.read(UInt32.self).map(Int.init), count <= reader.remaining / 4
        else { return nil }
        var words: [String] = []
        words.reserveCapacity(count)
        for _ in 0..<count {
            guard let word = reader.readText(lengthAs: UInt32.self) else { return nil }
            words.append(word)
        }
        var files: [HelperFileArgument]?
        if flags & Self.withFiles != 0 {
            guard let decoded = HelperWire.value([HelperFileArgument].self, json: reader.readRest()) else { return nil }
            files = decoded
        } else if !reader.isAtEnd {
            return nil
        }
        self.init(words: words, isTerminal: flags & Self.terminal != 0, files: files)
    }
}
