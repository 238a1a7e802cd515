import FoundationEssentials

/// Changes one value in a config file's text and leaves every other byte as the user wrote it: their
/// formatting, key order and other settings survive `strata plugins enable` and `disable`. The text must
/// already be valid JSON (the config was loaded before it is edited). Where a key is repeated, the last copy
/// is the one changed: it is the one the config's reader keeps.
struct ConfigEditor {
    private(set) var bytes: [UInt8]

    init(_ data: Data) { bytes = Array(data) }

    /// A member of an object: where its key starts and where its value lies.
    private struct Member {
        let key: String
        let keyStart: Int
        let value: Range<Int>
    }

    /// Sets `features.<id>.enabled`, adding the keys that are missing.
    mutating func setEnabled(_ enabled: Bool, for id: String) {
        let flag = Array((enabled ? "true" : "false").utf8)
        // A config may open with a byte order mark (as Notepad saves it); the reader skips one, so must this.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let top = firstNonSpace(from: start), bytes[top] == UInt8(ascii: "{") else { return }
        let topMembers = members(ofObjectAt: top)
        guard let features = topMembers.last(where: { $0.key == "features" }), bytes[features.value.lowerBound] == UInt8(ascii: "{") else {
            insert(member: "\"features\": {\(quoted(id)): {\"enabled\": \(enabled)}}", intoObjectAt: top)
            return
        }
        let featureMembers = members(ofObjectAt: features.value.lowerBound)
        guard let entry = featureMembers.last(where: { $0.key == id }), bytes[entry.value.lowerBound] == UInt8(ascii: "{") else {
            insert(member: "\(quoted(id)): {\"enabled\": \(enabled)}", intoObjectAt: features.value.lowerBound)
            return
        }
        if let current = members(ofObjectAt: entry.value.lowerBound).last(where: { $0.key == "enabled" }) {
            bytes.replaceSubrange(current.value, with: flag)
        } else {
            insert(member: "\"enabled\": \(enabled)", intoObjectAt: entry.value.lowerBound)
        }
    }

    /// Adds `member` as the first member of the object that starts at `open`, laid out like the member it
    /// goes before (same line break and indentation).
    private mutating func insert(member: String, intoObjectAt open: Int) {
        let existing = members(ofObjectAt: open)
        guard let first = existing.first else {
            bytes.insert(contentsOf: Array(member.utf8), at: open + 1)
            return
        }
        let gap = Array(bytes[(open + 1)..<first.keyStart])
        bytes.insert(contentsOf: Array(member.utf8) + [UInt8(ascii: ",")] + gap, at: first.keyStart)
    }

    private func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    // MARK: - Scanning

    private func members(ofObjectAt open: Int) -> [Member] {
        var found: [Member] = []
        var index = open + 1
        while let keyStart = firstNonSpace(from: index), bytes[keyStart] == UInt8(ascii: "\"") {
            let keyEnd = endOfString(at: keyStart)
            let key = (try? JSONDecoder().decode(String.self, from: Data(bytes[keyStart..<keyEnd]))) ?? ""
            guard let colon = firstNonSpace(from: keyEnd), let valueStart = firstNonSpace(from: colon + 1) else { break }
            let valueEnd = endOfValue(at: valueStart)
            found.append(Member(key: key, keyStart: keyStart, value: valueStart..<valueEnd))
            guard let next = firstNonSpace(from: valueEnd), bytes[next] == UInt8(ascii: ",") else { break }
            index = next + 1
        }
        return found
    }

    private func firstNonSpace(from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return index
            }
        }
        return nil
    }

    /// The index just past the string that starts (with its quote) at `start`.
    private func endOfString(at start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "\"") { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    /// The index just past the value that starts at `start`.
    private func endOfValue(at start: Int) -> Int {
        switch bytes[start] {
        case UInt8(ascii: "\""): return endOfString(at: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): index = endOfString(at: index); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return bytes.count
        default:
            var index = start
            while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            return index
        }
    }
}
