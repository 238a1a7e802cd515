import Foundation

/// A JSON document as a tree, so the config can be checked key by key with exact paths.
enum JSONValue: Equatable, Sendable, Encodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    func encode(to encoder: any Encoder) throws {
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

    /// What kind of value this is, for messages ("expected an array, found a string").
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses JSON text; a syntax error names the line and column.
    static func parse(_ data: Data, source: String) throws(ConfigError) -> JSONValue {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw .malformed(source: source, location: Self.location(in: data, describedBy: detail), detail: detail)
        }
        if let comma = JSONStructureCheck(data).trailingComma {
            throw .malformed(source: source, location: "line \(comma.line), column \(comma.column)",
                             detail: "a trailing comma before a closing bracket (JSON allows none); remove it")
        }
        guard let value = JSONValue(parsed: object) else {
            throw .malformed(source: source, location: nil, detail: "a value of an unexpected kind")
        }
        return value
    }

    /// The tree of what `JSONSerialization` parsed (one parse, no decoder: this runs on every start).
    /// Its booleans are `NSNumber`s of Objective-C type `c`, which no JSON number is given.
    init?(parsed object: Any) {
        switch object {
        case is NSNull: self = .null
        case let number as NSNumber:
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let text as String: self = .string(text)
        case let items as [Any]:
            var values: [JSONValue] = []
            for item in items {
                guard let value = JSONValue(parsed: item) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let fields as [String: Any]:
            var values: [String: JSONValue] = [:]
            for (key, field) in fields {
                guard let value = JSONValue(parsed: field) else { return nil }
                values[key] = value
            }
            self = .object(values)
        default: return nil
        }
    }

    /// Turns Foundation's "around character N" into "line L, column C".
    static func location(in data: Data, describedBy detail: String) -> String? {
        guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
              let offset = Int(detail[range].split(separator: " ")[1]) else { return nil }
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return "line \(line), column \(column)"
    }

    /// The JSON text of this value with sorted keys.
    func encoded(pretty: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }
}
