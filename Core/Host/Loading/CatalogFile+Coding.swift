import Glibc
import StrataPluginKit

/// The catalog file's layout. Three lines: the format and the strata that wrote it (another strata, or
/// another ABI, starts afresh), the folder's real path, and `words agree` or `words clash`. Then per library
/// a line `name device inode size mtime-s mtime-ns ctime-s ctime-ns length` and `length` bytes: `P` and the
/// problem, or `F` and the facts (the command paths, as one string of their own encoding, so that a
/// run decodes them only for a plugin it routes to; the incompatibility, as a list of none or one; last what it reaches beyond its folder, a list of kinds). In those bytes a string is `<byte count>:<bytes>` and a list is
/// `<count>#` and its items. Every number read is checked (digits only, no overflow, within what is left
/// of the file), so a damaged or crafted file is refused as a whole and never traps or allocates beyond
/// its own size.
extension CatalogFile {
    /// Names the SDK libraries' files too (``SDKSymbolCheck/fingerprint``): a plugin's incompatibility holds
    /// only for the SDK it was judged against.
    static let header = "strata plugin catalog 3, strata \(strataVersion), \(StrataABI.stampString), sdk \(SDKSymbolCheck.fingerprint)"

    func encoded() -> [UInt8] {
        var bytes = Array("\(Self.header)\n\(folder)\n\(wordsAgree ? "words agree" : "words clash")\n".utf8)
        for (name, record) in records.sorted(by: { $0.key < $1.key }) {  // plugin file names have no spaces
            var payload = FieldWriter()
            switch record.outcome {
            case .problem(let problem):
                payload.bytes.append(UInt8(ascii: "P"))
                payload.string(problem)
            case .facts(let facts):
                payload.bytes.append(UInt8(ascii: "F"))
                payload.facts(facts)
            }
            let identity = record.identity
            let fields = [
                Int64(bitPattern: identity.device), Int64(bitPattern: identity.inode), identity.size,
                identity.modified.seconds, identity.modified.nanoseconds, identity.changed.seconds, identity.changed.nanoseconds,
                Int64(payload.bytes.count),
            ]
            bytes += Array("\(name) \(fields.map(String.init).joined(separator: " "))\n".utf8)
            bytes += payload.bytes
        }
        return bytes
    }

    /// Command paths as a record keeps them: a list of lists of words.
    static func encodePaths(_ paths: [[String]]) -> [UInt8] {
        var writer = FieldWriter()
        writer.list(paths) { writer, words in writer.list(words) { $0.string($1) } }
        return writer.bytes
    }

    /// The command paths in `bytes`, or `nil` unless they are exactly one sound list of word lists.
    static func decodePaths(_ bytes: some Collection<UInt8>) -> [[String]]? {
        var reader = FieldReader(bytes: Array(bytes))
        guard let paths = reader.list({ reader in reader.list { $0.string() } }), reader.isAtEnd,
            paths.allSatisfy({ !$0.isEmpty })
        else { return nil }
        return paths
    }

    /// The catalog of `folder` in `bytes`, or `nil` if they are not one, whole and sound.
    static func decode(_ bytes: [UInt8], folder: String) -> CatalogFile? {
        var reader = FieldReader(bytes: bytes)
        guard reader.line()?.elementsEqual(header.utf8) == true, reader.line()?.elementsEqual(folder.utf8) == true,
            let agreement = reader.line()
        else { return nil }
        var catalog = CatalogFile(folder: folder)
        catalog.records.reserveCapacity(min(bytes.count / 128, 1 << 16))  // most records take more than 128 bytes
        switch String(decoding: agreement, as: UTF8.self) {
        case "words agree": catalog.wordsAgree = true
        case "words clash": catalog.wordsAgree = false
        default: return nil
        }
        while !reader.isAtEnd {
            guard let line = reader.line() else { return nil }
            // The name, then 8 numbers, each after one space. A name that is no plugin's is never looked up.
            guard let nameEnd = line.firstIndex(of: UInt8(ascii: " ")), nameEnd > line.startIndex else { return nil }
            let name = line[..<nameEnd].withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            var numbers = InlineArray<8, Int64>(repeating: 0)
            var start = nameEnd + 1
            for index in numbers.indices {  // device numbers and times are written as signed
                guard start <= line.endIndex else { return nil }
                let end = FieldReader.index(of: UInt8(ascii: " "), in: line[start...]) ?? line.endIndex
                guard let number = FieldReader.integer(line[start..<end]) else { return nil }
                numbers[index] = number
                start = end + 1
            }
            guard start == line.endIndex + 1, let length = Int(exactly: numbers[7]), length >= 0, length <= reader.remaining else { return nil }
            let identity = Identity(
                device: UInt64(bitPattern: numbers[0]), inode: UInt64(bitPattern: numbers[1]), size: numbers[2],
                modified: timespec.Parts(seconds: numbers[3], nanoseconds: numbers[4]),
                changed: timespec.Parts(seconds: numbers[5], nanoseconds: numbers[6]))
            var payload = reader.reader(of: length)
            let outcome: Outcome
            switch payload.byte() {
            case UInt8(ascii: "P"): guard let problem = payload.string() else { return nil }; outcome = .problem(problem)
            case UInt8(ascii: "F"): guard let facts = payload.facts() else { return nil }; outcome = .facts(facts)
            default: return nil
            }
            guard payload.isAtEnd, catalog.records.updateValue(Record(identity: identity, outcome: outcome), forKey: name) == nil else { return nil }
        }
        return catalog
    }
}

private struct FieldWriter {
    var bytes: [UInt8] = []

    mutating func string(_ text: String) {
        bytes += Array("\(text.utf8.count):".utf8)
        bytes += Array(text.utf8)
    }

    mutating func list<T>(_ items: some Collection<T>, _ item: (inout FieldWriter, T) -> Void) {
        bytes += Array("\(items.count)#".utf8)
        for element in items { item(&self, element) }
    }

    mutating func facts(_ facts: PluginFacts) {
        for text in [facts.id, facts.displayName, facts.version, facts.summary] { string(text) }
        list(facts.dependencies.sorted { $0.key < $1.key }) {
            $0.string($1.key); $0.string($1.value)
        }
        list(facts.commands.firstWords) { $0.string($1) }
        let paths = facts.commands.encoded
        bytes += Array("\(paths.count):".utf8)
        bytes += paths
        list(facts.screens) {
            $0.string($1.title); $0.string($1.summary)
        }
        list(facts.secretSettings.sorted()) { $0.string($1) }
        list(facts.incompatibility.map { [$0] } ?? []) { $0.string($1) }
        list(facts.reach) { $0.string($1) }
    }
}

private struct FieldReader {
    let bytes: [UInt8]
    var offset: Int
    /// Where what this reader reads ends: the file's end, or its record's.
    private(set) var end: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        offset = 0
        end = bytes.count
    }

    var isAtEnd: Bool { offset == end }
    var remaining: Int { end - offset }

    mutating func line() -> ArraySlice<UInt8>? {
        guard let lineEnd = Self.index(of: UInt8(ascii: "\n"), in: bytes[offset..<end]) else { return nil }
        defer { offset = lineEnd + 1 }
        return bytes[offset..<lineEnd]
    }

    /// The next `count` bytes (at most ``remaining``).
    mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// The next `count` bytes (at most ``remaining``) as a reader of their own, sharing these bytes: a record
    /// is read in place, not copied out of the file first.
    mutating func reader(of count: Int) -> FieldReader {
        var record = self
        record.end = offset + count
        offset += count
        return record
    }

    mutating func byte() -> UInt8? {
        guard offset < end else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A decimal count ended by `terminator`, at most what is left of the file: 1 to 18 digits (so it never
    /// overflows; a count this file can hold has far fewer), read in one pass through a buffer pointer. (Found
    /// with `memchr`, then parsed as a signed integer, the counts made decoding the catalog of 500 plugins of
    /// 25 commands, each command's words counted, 13.5 M instructions; read so, 9.3 M.)
    mutating func count(until terminator: UInt8) -> Int? {
        let (start, end) = (offset, end)
        let parsed = bytes.withUnsafeBufferPointer { buffer -> (count: Int, next: Int)? in
            var at = start, value = 0
            let last = min(end, start + 18)
            while at < last {
                let digit = buffer[at] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                value = value * 10 + Int(digit)
                at += 1
            }
            guard at > start, at < end, buffer[at] == terminator else { return nil }
            return (value, at + 1)
        }
        guard let parsed else { return nil }
        offset = parsed.next
        return parsed.count <= remaining ? parsed.count : nil
    }

    /// A string; bytes that aren't UTF-8 come out as U+FFFD (the catalog is ours; its text is sanitized
    /// where shown, like any descriptor's).
    mutating func string() -> String? {
        guard let length = count(until: UInt8(ascii: ":")) else { return nil }
        return take(length).withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// `<count>#` and that many items; every item takes at least one byte, so a count past the file's end is refused.
    mutating func list<T>(_ item: (inout FieldReader) -> T?) -> [T]? {
        guard let count = count(until: UInt8(ascii: "#")) else { return nil }
        var items: [T] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            guard let element = item(&self) else { return nil }
            items.append(element)
        }
        return items
    }

    mutating func facts() -> PluginFacts? {
        guard let id = string(), let displayName = string(), let version = string(), let summary = string(),
            let dependencies = list({ reader in reader.string().flatMap { key in reader.string().map { (key, $0) } } }),
            let firstWords = list({ $0.string() }),
            let pathsLength = count(until: UInt8(ascii: ":")), Self.arePaths(reader(of: pathsLength), startingWith: firstWords),
            case let paths = bytes[(offset - pathsLength)..<offset],
            let screens = list({ reader in reader.string().flatMap { title in reader.string().map { PluginFacts.Screen(title: title, summary: $0) } } }),
            let secrets = list({ $0.string() }), let incompatibility = list({ $0.string() }), incompatibility.count <= 1,
            let reach = list({ $0.string() }), reach.count <= PluginGrant.Kind.allCases.count,
            reach.allSatisfy({ PluginGrant.Kind(rawValue: $0) != nil })
        else { return nil }
        return PluginFacts(
            id: id, displayName: displayName, version: version, summary: summary,
            dependencies: Dictionary(dependencies, uniquingKeysWith: { first, _ in first }),
            commands: CommandPaths(firstWords: firstWords, encoded: paths),
            screens: screens, secretSettings: Set(secrets), incompatibility: incompatibility.first, reach: reach)
    }

    /// Whether what `reader` reads is exactly one list of non-empty word lists whose first words are
    /// `firstWords` in the order of their first use (as ``CommandPaths`` keeps them), walked in place without
    /// making a string or an array.
    static func arePaths(_ reader: FieldReader, startingWith firstWords: [String]) -> Bool {
        var reader = reader
        var met = 0  // firstWords[..<met] have been met
        guard let paths = reader.count(until: UInt8(ascii: "#")) else { return false }
        for _ in 0..<paths {
            guard let words = reader.count(until: UInt8(ascii: "#")), words > 0 else { return false }
            for index in 0..<words {
                guard let length = reader.count(until: UInt8(ascii: ":")) else { return false }
                if index == 0 {
                    let word = reader.bytes[reader.offset..<(reader.offset + length)]
                    if met < firstWords.count, Self.spells(firstWords[met], word) {
                        met += 1
                    } else if !firstWords[..<met].contains(where: { Self.spells($0, word) }) {
                        return false
                    }
                }
                reader.offset += length
            }
        }
        return reader.isAtEnd && met == firstWords.count
    }

    /// Whether `word`'s UTF-8 is `bytes`, compared in place.
    private static func spells(_ word: String, _ bytes: ArraySlice<UInt8>) -> Bool {
        guard word.utf8.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return word.utf8.withContiguousStorageIfAvailable { spelled in
            bytes.withUnsafeBufferPointer { memcmp(spelled.baseAddress!, $0.baseAddress!, $0.count) == 0 }
        } ?? word.utf8.elementsEqual(bytes)
    }

    /// A signed decimal of at most 19 digits that fits in `Int64`; `nil` for anything else. (A catalog holds
    /// 8 a library. Read through a buffer pointer, and fields found with `memchr`: 0.3 M fewer instructions
    /// in a listing of 500 plugins than indexing slices, 1.5 M with 25 commands each.)
    static func integer(_ digits: ArraySlice<UInt8>) -> Int64? {
        digits.withUnsafeBufferPointer { digits -> Int64? in
            let negative = digits.first == UInt8(ascii: "-")
            let rest = negative ? UnsafeBufferPointer(rebasing: digits.dropFirst()) : digits
            guard !rest.isEmpty, rest.count <= 19 else { return nil }
            var value: Int64 = 0
            for digit in rest {
                let decimal = digit &- UInt8(ascii: "0")
                guard decimal < 10 else { return nil }
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowAgain) = shifted.addingReportingOverflow(Int64(decimal))
                guard !overflow, !overflowAgain else { return nil }
                value = sum
            }
            return negative ? -value : value
        }
    }

    /// Where `byte` first is in `bytes` (`memchr`), as an index of the array they are a slice of.
    static func index(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
        }
    }
}
