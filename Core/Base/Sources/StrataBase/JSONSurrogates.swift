/// Repairs the one thing in JSON from a server that a Swift string can't hold: half of a UTF-16 surrogate
/// pair written as an escape (`"\ud83d"` alone). JSON's grammar allows it, JavaScript and Python keep it,
/// and `JSONDecoder` rejects the whole document for it ("not valid JSON"), so one odd title would fail a
/// whole page of results. Each lone half becomes `\ufffd` (the replacement character), as a UTF-16 to
/// UTF-8 conversion does; a well-formed pair and everything else are left as they are.
public enum JSONSurrogates {
    /// The JSON `bytes` with every lone surrogate escape replaced by `\ufffd`.
    public static func repairing(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\\")) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            guard inString, byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                output.append(byte)
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), let unit = codeUnit(bytes, at: index) else {
                output.append(contentsOf: bytes[index...index + 1])  // \" \\ \n …: copied whole, so \" doesn't end the string
                index += 2
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                if let next = codeUnit(bytes, at: index + 6), (0xDC00...0xDFFF).contains(next) {
                    output.append(contentsOf: bytes[index..<index + 12])
                    index += 12
                } else {
                    output.append(contentsOf: Array(#"\ufffd"#.utf8))
                    index += 6
                }
            case 0xDC00...0xDFFF:
                output.append(contentsOf: Array(#"\ufffd"#.utf8))
                index += 6
            default:
                output.append(contentsOf: bytes[index..<index + 6])
                index += 6
            }
        }
        return output
    }

    /// The code unit of a `\uXXXX` escape starting at `index`, if there is a whole one.
    private static func codeUnit(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        return UInt32(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16)
    }
}
