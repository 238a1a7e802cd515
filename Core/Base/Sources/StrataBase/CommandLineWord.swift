internal import Glibc

/// A word of a command line as a `String` whatever its bytes: a file name on Linux is bytes, not always
/// UTF-8 (`run\xff.gpx`), and `CommandLine.arguments` turns each byte that isn't into U+FFFD, so the file
/// can't be opened by that name. Here each such byte stands as one scalar of U+F780–U+F7FF (Unicode's
/// private use area), which ``bytes(of:)`` turns back into that byte: the word goes through `String` APIs,
/// JSON and the helper's wire as it is, and opens the file it named. A name whose UTF-8 holds one of those
/// scalars itself stands as its bytes too, so every byte string comes back exactly.
public enum CommandLineWord {
    /// This process's arguments, the program's path first, each kept whole (``string(_:)``).
    public static var arguments: [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return string(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
        }
    }

    /// The word `bytes` make: their UTF-8 as it is, each byte that isn't (or is one of the stand-ins'
    /// encodings) as its stand-in.
    public static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isStandIn) { return text }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            // The one scalar that starts here, if its bytes are UTF-8 (a scalar takes 1 to 4 of them).
            let decoded = (1...4).lazy.compactMap { length -> (Unicode.Scalar, Int)? in
                guard index + length <= bytes.count, let text = String(validating: bytes[index..<(index + length)], as: UTF8.self),
                    text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, !isStandIn(scalar)
                else { return nil }
                return (scalar, length)
            }.first
            if let (scalar, length) = decoded {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(standIn(for: bytes[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `word` stands for: its UTF-8, with each stand-in back to its byte; what to hand the kernel
    /// for a path (``withPath(_:_:)``).
    public static func bytes(of word: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(word.utf8.count)
        for scalar in word.unicodeScalars {
            if isStandIn(scalar) {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value - first.value + 0x80))
            } else {
                bytes += String(scalar).utf8
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the C string of its bytes (``bytes(of:)``), as `open(2)` takes it.
    public static func withPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes(of: path).map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `word` for people: each byte that isn't UTF-8 written `\xFF`, the rest as it is.
    public static func escaped(_ word: String) -> String {
        guard word.unicodeScalars.contains(where: isStandIn) else { return word }
        var text = ""
        for scalar in word.unicodeScalars {
            guard isStandIn(scalar) else {
                text.unicodeScalars.append(scalar)
                continue
            }
            let byte = scalar.value - first.value + 0x80
            let digits = String(byte, radix: 16, uppercase: true)
            text += "\\x" + (digits.count < 2 ? "0" : "") + digits
        }
        return text
    }

    /// U+F780, the stand-in of byte 0x80; byte 0xFF's is U+F7FF.
    private static let first: Unicode.Scalar = "\u{F780}"

    private static func isStandIn(_ scalar: Unicode.Scalar) -> Bool {
        (first.value...(first.value + 0x7F)).contains(scalar.value)
    }

    /// Only bytes from 0x80 are ever not UTF-8.
    private static func standIn(for byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(first.value + UInt32(byte & 0x7F)) ?? first
    }
}
