import Foundation

/// What Foundation's JSON parser lets through and a config must not: a trailing comma (`[1, 2,]`, which it
/// accepts) and a key given twice in one object (it keeps one of them silently).
///
/// Runs over text the parser has already accepted, so it only tracks strings, nesting and commas.
struct JSONStructureCheck {
    /// A key given twice in one object, with the lines of both.
    struct DuplicateKey: Equatable {
        let keyPath: String
        let firstLine: Int
        let secondLine: Int
    }

    /// The line and column of the first trailing comma, if any.
    private(set) var trailingComma: (line: Int, column: Int)?
    private(set) var duplicateKeys: [DuplicateKey] = []

    init(_ data: Data) {
        let bytes = [UInt8](data)
        /// One open object or array: its key path, and for an object the keys seen with their lines.
        struct Level {
            let isObject: Bool
            let path: String
            var keys: [String: Int] = [:]
            var expectingKey = true
        }
        var levels: [Level] = []
        var line = 1, column = 0
        var pendingComma: (line: Int, column: Int)?
        var lastString: String?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            column += byte & 0xC0 == 0x80 ? 0 : 1
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                column = 0
            case UInt8(ascii: "\""):
                let start = index + 1
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                let raw = Data(bytes[start..<min(index, bytes.count)])
                let text = (try? JSONDecoder().decode(String.self, from: Data("\"".utf8) + raw + Data("\"".utf8)))
                    ?? String(decoding: raw, as: UTF8.self)
                column += text.count + 1
                pendingComma = nil
                if var level = levels.last, level.isObject, level.expectingKey {
                    let keyPath = level.path.isEmpty ? text : "\(level.path).\(text)"
                    if let first = level.keys[text] {
                        duplicateKeys.append(DuplicateKey(keyPath: keyPath, firstLine: first, secondLine: line))
                    } else {
                        level.keys[text] = line
                    }
                    level.expectingKey = false
                    levels[levels.count - 1] = level
                }
                lastString = text
            case UInt8(ascii: ":"):
                break
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                pendingComma = nil
                let parent = levels.last
                let path: String = switch parent {
                case .some(let level) where level.isObject: level.path.isEmpty ? (lastString ?? "") : "\(level.path).\(lastString ?? "")"
                case .some(let level): "\(level.path)[]"
                case .none: ""
                }
                levels.append(Level(isObject: byte == UInt8(ascii: "{"), path: path))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma, trailingComma == nil { trailingComma = comma }
                pendingComma = nil
                levels.removeLast()
            case UInt8(ascii: ","):
                pendingComma = (line, column)
                if !levels.isEmpty { levels[levels.count - 1].expectingKey = true }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                pendingComma = nil
            }
            index += 1
        }
    }
}
