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
        let encodedFiles = files.flatMap { try? JSONEncoder().encode($0) }
        var bytes: [UInt8] = [(isTerminal ? Self.terminal : 0) | (encodedFiles == nil ? 0 : Self.withFiles)]
        bytes.reserveCapacity(5 + words.reduce(0) { $0 + 4 + $1.utf8.count } + (encodedFiles?.count ?? 0))
        Self.append(UInt32(truncatingIfNeeded: words.count), to: &bytes)
        for word in words {
            Self.append(UInt32(truncatingIfNeeded: word.utf8.count), to: &bytes)
            bytes += word.utf8
        }
        if let encodedFiles { bytes += encodedFiles }
        return bytes
    }

    init(words: [String], isTerminal: Bool, files: [HelperFileArgument]? = nil) {
        self.words = words
        self.isTerminal = isTerminal
        self.files = files
    }

    /// The request `payload` holds; `nil` unless it is exactly that (every count and length checked against
    /// the bytes left before it is used, words of valid UTF-8, and nothing after them but the files).
    init?(payload: [UInt8]) {
        var offset = 0
        func number() -> Int? {
            guard payload.count - offset >= 4 else { return nil }
            defer { offset += 4 }
            return payload[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard let flags = payload.first, flags & ~(Self.terminal | Self.withFiles) == 0 else { return nil }
        offset = 1
        // Each word takes at least 4 bytes: a count larger than that allows is refused before anything is kept.
        guard let count = number(), count <= (payload.count - offset) / 4 else { return nil }
        var words: [String] = []
        words.reserveCapacity(count)
        for _ in 0..<count {
            guard let length = number(), length <= payload.count - offset,
                let word = String(validating: payload[offset..<offset + length], as: UTF8.self)
            else { return nil }
            words.append(word)
            offset += length
        }
        var files: [HelperFileArgument]?
        if flags & Self.withFiles != 0 {
            guard let decoded = try? JSONDecoder().decode([HelperFileArgument].self, from: Data(payload[offset...])) else { return nil }
            files = decoded
        } else if offset != payload.count {
            return nil
        }
        self.init(words: words, isTerminal: flags & Self.terminal != 0, files: files)
    }

    private static func append(_ number: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(number >> 24), UInt8(truncatingIfNeeded: number >> 16), UInt8(truncatingIfNeeded: number >> 8), UInt8(truncatingIfNeeded: number)]
    }
}
