/// A command line sent to the helper, as a ``HelperWire/Kind/run`` frame's payload: a byte saying whether
/// strata's output is a terminal (1) or not (0), then each word as its 4-byte big-endian length and its
/// UTF-8. Compact rather than JSON since wire version 4: decoding the JSON was 40% of the helper's reading
/// thread in a round trip (RESULTS.md §7).
struct HelperRequest: Equatable {
    var words: [String]
    var isTerminal: Bool

    var payload: [UInt8] {
        var bytes: [UInt8] = [isTerminal ? 1 : 0]
        bytes.reserveCapacity(1 + words.reduce(0) { $0 + 4 + $1.utf8.count })
        for word in words {
            let count = UInt32(truncatingIfNeeded: word.utf8.count)
            bytes += [UInt8(count >> 24), UInt8(truncatingIfNeeded: count >> 16), UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count)]
            bytes += word.utf8
        }
        return bytes
    }

    init(words: [String], isTerminal: Bool) {
        self.words = words
        self.isTerminal = isTerminal
    }

    /// The request `payload` holds; `nil` unless it is exactly that: the flag byte, then whole words of valid
    /// UTF-8 (every length checked against the bytes left before it is used).
    init?(payload: [UInt8]) {
        guard let flag = payload.first, flag <= 1 else { return nil }
        var words: [String] = []
        var offset = 1
        while offset < payload.count {
            guard payload.count - offset >= 4 else { return nil }
            let count = payload[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += 4
            guard count <= payload.count - offset, let word = String(validating: payload[offset..<offset + count], as: UTF8.self) else { return nil }
            words.append(word)
            offset += count
        }
        self.init(words: words, isTerminal: flag == 1)
    }
}
