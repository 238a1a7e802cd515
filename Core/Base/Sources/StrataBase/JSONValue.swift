internal import FoundationEssentials

/// A JSON document as a tree: how strata reads the JSON it is given (the config, plugin descriptors), so
/// that each value can be checked with its exact key path, and an error names its line and column.
///
/// ```swift
/// let document = try JSONValue.parse(Array(data))
/// if case .object(let fields) = document.value, case .string(let id)? = fields["id"] { … }
/// ```
public enum JSONValue: Equatable, Sendable, Encodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A parsed document and the keys it gives twice in one object (the last one is kept).
    public struct Document: Sendable {
        public let value: JSONValue
        public let duplicateKeys: [DuplicateKey]
    }

    /// A key given twice in one object, with the lines of both.
    public struct DuplicateKey: Equatable, Sendable {
        /// `features.gpt`, `items[].name`.
        public let keyPath: String
        public let firstLine: Int
        public let secondLine: Int
    }

    /// Where and why a text is not JSON.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let detail: String

        public var description: String { "\(detail) at line \(line), column \(column)" }
    }

    /// Reads a JSON text (RFC 8259, UTF-8) strictly: a trailing comma, a second value or nesting deeper
    /// than 512 levels is an error. Columns count characters, from 1.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> Document {
        var parser = JSONParser(bytes)
        let value = try parser.document()
        return Document(value: value, duplicateKeys: parser.duplicateKeys)
    }

    /// What kind of value this is, for messages ("expected an array, found a string").
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// A recursive-descent reader over the bytes; it tracks the line so that errors and duplicate keys can
/// name it (raw newlines occur only between tokens).
private struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    var duplicateKeys: [JSONValue.DuplicateKey] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed before the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    mutating func document() throws(JSONValue.SyntaxError) -> JSONValue {
        let value = try self.value(path: "")
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private mutating func value(path: String) throws(JSONValue.SyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("the text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(path: path)
        case UInt8(ascii: "["): return try array(path: path)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func object(path: String) throws(JSONValue.SyntaxError) -> JSONValue {
        try enter()
        index += 1
        // Members are gathered in order and hashed once, into a dictionary of the right size.
        var members: [(key: String, line: Int, value: JSONValue)] = []
        var firstLines: [String: Int] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; depth -= 1; return .object([:]) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a key in double quotes") }
            let keyLine = line
            let key = try string()
            // Key paths are spelled out only where they can be reported: a duplicate, or a nested value.
            func keyPath() -> String { path.isEmpty ? key : "\(path).\(key)" }
            // A short object is searched; a long one gets an index, so that no object costs quadratic time.
            if members.count == 16 { firstLines = Dictionary(members.map { ($0.key, $0.line) }, uniquingKeysWith: { first, _ in first }) }
            let firstLine = members.count < 16 ? members.first(where: { $0.key == key })?.line : firstLines[key]
            if let firstLine {
                duplicateKeys.append(.init(keyPath: keyPath(), firstLine: firstLine, secondLine: keyLine))
            } else if members.count >= 16 {
                firstLines[key] = keyLine
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            let nested = peek(UInt8(ascii: "{")) || peek(UInt8(ascii: "["))
            members.append((key, keyLine, try value(path: nested ? keyPath() : "")))
            guard try separator(closing: UInt8(ascii: "}")) else { break }
        }
        depth -= 1
        var fields = [String: JSONValue](minimumCapacity: members.count)
        for member in members { fields[member.key] = member.value }
        return .object(fields)
    }

    private mutating func array(path: String) throws(JSONValue.SyntaxError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; depth -= 1; return .array(items) }
        let itemPath = "\(path)[]"
        while true {
            items.append(try value(path: itemPath))
            guard try separator(closing: UInt8(ascii: "]")) else { break }
        }
        depth -= 1
        return .array(items)
    }

    /// After a member: `,` (returns true, another follows) or the closing bracket (false, consumed).
    private mutating func separator(closing: UInt8) throws(JSONValue.SyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("the text ends before the closing '\(Character(UnicodeScalar(closing)))'") }
        if bytes[index] == closing {
            index += 1
            return false
        }
        guard bytes[index] == UInt8(ascii: ",") else {
            throw error("expected ',' or '\(Character(UnicodeScalar(closing)))'")
        }
        let comma = (index, line, lineStart)
        index += 1
        skipWhitespace()
        if peek(closing) {
            (index, line, lineStart) = comma
            throw error("a trailing comma before a closing bracket (JSON allows none); remove it")
        }
        return true
    }

    private mutating func enter() throws(JSONValue.SyntaxError) {
        depth += 1
        guard depth <= 512 else { throw error("nested deeper than 512 levels") }
    }

    private mutating func string() throws(JSONValue.SyntaxError) -> String {
        index += 1  // the opening quote
        let start = index
        // The common case, no escapes: one slice of bytes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escaped: UInt8? =
                    switch bytes[index] {
                    case UInt8(ascii: "\""): UInt8(ascii: "\"")
                    case UInt8(ascii: "\\"): UInt8(ascii: "\\")
                    case UInt8(ascii: "/"): UInt8(ascii: "/")
                    case UInt8(ascii: "b"): 0x08
                    case UInt8(ascii: "f"): 0x0C
                    case UInt8(ascii: "n"): 0x0A
                    case UInt8(ascii: "r"): 0x0D
                    case UInt8(ascii: "t"): 0x09
                    default: nil
                    }
                if let escaped {
                    scalars.append(escaped)
                    index += 1
                } else if bytes[index] == UInt8(ascii: "u") {
                    scalars += Array(String(try unicodeEscape()).utf8)
                } else {
                    index -= 1
                    throw error("an unknown escape in a string (use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)")
                }
            case 0..<0x20:
                throw error("a control character in a string; write it as an escape such as \\n")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw error("the text ends inside a string")
    }

    /// `\uXXXX`, or a surrogate pair of them; a lone surrogate becomes U+FFFD.
    private mutating func unicodeEscape() throws(JSONValue.SyntaxError) -> Character {
        let first = try hexUnit()
        if (0xD800...0xDBFF).contains(first), bytes[index...].starts(with: Array("\\u".utf8)) {
            let save = index
            index += 1
            let second = try hexUnit()
            if (0xDC00...0xDFFF).contains(second) {
                return Character(UnicodeScalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}")
            }
            index = save
        }
        return Character(UnicodeScalar(first) ?? "\u{FFFD}")
    }

    /// The four hex digits after `u` (the index is on the `u`).
    private mutating func hexUnit() throws(JSONValue.SyntaxError) -> UInt32 {
        guard index + 4 < bytes.count, let unit = UInt32(String(decoding: bytes[(index + 1)...(index + 4)], as: UTF8.self), radix: 16) else {
            throw error("\\u must be followed by four hex digits")
        }
        index += 5
        return unit
    }

    private mutating func number() throws(JSONValue.SyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if peek(UInt8(ascii: "-")) { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("a number needs digits") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            index = integerStart
            throw error("a number can't start with 0")
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after the '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            index = start
            throw error("a number too large for a double")
        }
        return value
    }

    private mutating func literal(_ word: StaticString) throws(JSONValue.SyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[index...].starts(with: expected) else {
            throw error("expected a value (an object, array, string, number, true, false or null)")
        }
        index += expected.count
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                return
            }
            index += 1
        }
    }

    /// An error at the current position.
    private func error(_ detail: String) -> JSONValue.SyntaxError {
        let upTo = min(index, bytes.count)
        let column = bytes[lineStart..<max(lineStart, upTo)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return JSONValue.SyntaxError(line: line, column: column, detail: detail)
    }
}
