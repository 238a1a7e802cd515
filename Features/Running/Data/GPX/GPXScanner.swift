import Foundation
import StrataBase

#if canImport(Glibc)
import Glibc
#endif

/// What `GPXScanner` finds, in document order. A point is reported at its end tag, with its elevation and
/// time.
enum GPXEvent: Equatable {
    case root(version: String?, creator: String?)
    case trackStart, segmentStart, routeStart
    case trackName(String), routeName(String)
    case trackPoint(GPXPoint), routePoint(GPXPoint), waypoint(GPXPoint)
}

/// Reads GPX 1.0 and 1.1 by scanning its bytes in 64 KiB reads, so a file of any size takes the same
/// memory. It is an XML tokenizer for what GPX uses (elements, attributes, text, the five predefined
/// entities and character references, CDATA, comments, processing instructions, a DOCTYPE), checking that
/// tags nest and the document is whole; it resolves no DTD entities and never reads another file.
///
/// Elements count only where GPX puts them (a `<trkpt>` in a `<trkseg>` of a `<trk>` of the root); anything
/// else, extensions included, is skipped. FoundationXML's `XMLParser` did this job at 4 µs a point, most
/// of it spent building strings and dictionaries for every element; this takes under 1 µs.
struct GPXScanner: ~Copyable {
    /// Longest tag, DOCTYPE or collected text accepted: a GPX file has no reason to come near it.
    static let limit = 1 << 20
    static let maximumDepth = 1024
    /// The elevations a point may have, in metres: up to the edge of space either way. Beyond it a value is
    /// not a place on a run, and sums of such values would overflow what the statistics can count.
    static let elevations = -100_000.0...100_000.0

    private enum Source {
        case file(Int32)
        case memory([UInt8], next: Int)
    }

    private enum Kind: UInt8 {
        case other, gpx, trk, trkseg, trkpt, rte, rtept, wpt, ele, time, name
    }

    private let file: String
    private var source: Source
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Valid bytes are `buffer[0..<end]`; the next to read is `buffer[position]`.
    private var position = 0, end = 0
    private var atEnd = false
    /// Newlines in the bytes already dropped from the buffer.
    private var droppedLines = 0

    /// The open elements' kinds, and their qualified names back to back (to match end tags).
    private var kinds: [Kind] = []
    private var names: [UInt8] = []
    private var nameStarts: [Int] = []
    private var sawRoot = false, rootClosed = false
    private var point: GPXPoint?
    /// The raw text of the `<ele>`, `<time>` or `<name>` being read, if one is.
    private var text: [UInt8] = []
    private var collecting = false
    private var pending: GPXEvent?
    private var started = false

    /// Scans the file at `path`; `file` names it in errors.
    /// - Throws: `GPXError.unreadable` when it can't be opened or is a folder.
    init(path: String, file: String) throws(GPXError) {
        // A name from a command line opens by the bytes it came as, UTF-8 or not.
        let descriptor = CommandLineWord.withPath(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            let reason =
                switch errno {
                case ENOENT, ENOTDIR: "no such file"
                case EACCES: GPXError.permissionDenied
                default: String(cString: strerror(errno))
                }
            throw .unreadable(file: path, reason: reason)
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            Glibc.close(descriptor)
            throw .unreadable(file: path, reason: "it is a folder, not a GPX file")
        }
        self.file = file
        source = .file(descriptor)
        capacity = 1 << 16
        buffer = .allocate(capacity: capacity)
    }

    /// Scans GPX held in memory; `file` names it in errors. `chunk` is how much is read at a time (tests
    /// make it small to cut every construct at a chunk's edge).
    init(bytes: [UInt8], file: String, chunk: Int = 1 << 16) {
        self.file = file
        source = .memory(bytes, next: 0)
        capacity = max(1, chunk)
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
        if case .file(let descriptor) = source { Glibc.close(descriptor) }
    }

    // MARK: Events

    /// The next event, or `nil` once the document has ended well.
    /// - Throws: `GPXError` naming the file and line of the first problem.
    mutating func next() throws(GPXError) -> GPXEvent? {
        if !started {
            started = true
            if try available(3), matches("\u{FEFF}", at: position) { position += 3 }  // a UTF-8 byte order mark
            // UTF-16 (legal XML): its byte order mark, or "<" as two bytes with a zero; said so, not "not well-formed".
            if try available(2) {
                let (first, second) = (buffer[position], buffer[position + 1])
                if (first, second) == (0xFF, 0xFE) || (first == UInt8(ascii: "<") && second == 0) {
                    throw .unsupportedEncoding(file: file, encoding: "UTF-16 (little-endian)")
                }
                if (first, second) == (0xFE, 0xFF) || (first == 0 && second == UInt8(ascii: "<")) {
                    throw .unsupportedEncoding(file: file, encoding: "UTF-16 (big-endian)")
                }
            }
        }
        while pending == nil {
            guard try step() else { return nil }
        }
        defer { pending = nil }
        return pending
    }

    /// Reads one piece: a run of text or one markup construct. `false` at the end of a whole document.
    private mutating func step() throws(GPXError) -> Bool {
        if position == end, try !more(keepingFrom: position) { return try finish() }
        if buffer[position] != UInt8(ascii: "<") {
            try readText()
            return true
        }
        guard try available(2) else { throw cutShort() }
        switch buffer[position + 1] {
        case UInt8(ascii: "/"): try readEndTag()
        case UInt8(ascii: "?"): try skip(past: Array("?>".utf8), from: position + 2)
        case UInt8(ascii: "!"): try readBang()
        default: try readStartTag()
        }
        return true
    }

    private mutating func finish() throws(GPXError) -> Bool {
        guard sawRoot else { throw malformed("no root element") }
        guard rootClosed else { throw cutShort() }
        return false
    }

    // MARK: Text

    /// A run of text, from `position` to the next `<` (a collected text is kept whole in the buffer).
    private mutating func readText() throws(GPXError) {
        var scan = position
        while true {
            if let found = firstIndex(of: UInt8(ascii: "<"), from: scan) {
                try text(from: position, to: found)
                position = found
                return
            }
            guard collecting else {
                try text(from: position, to: end)
                position = end
                return
            }
            guard end - position <= Self.limit else { throw malformed("an element's text is longer than 1 MiB") }
            let scanned = end - position
            guard try more(keepingFrom: position) else {
                try text(from: position, to: end)
                position = end
                return
            }
            scan = position + scanned
        }
    }

    private mutating func text(from start: Int, to stop: Int) throws(GPXError) {
        if collecting {
            if let problem = Self.decode(UnsafeBufferPointer(start: buffer + start, count: stop - start), into: &text) {
                throw malformed(problem)
            }
            guard text.count <= Self.limit else { throw malformed("an element's text is longer than 1 MiB") }
        } else if kinds.isEmpty {
            for index in start..<stop where !Self.isSpace(buffer[index]) {
                position = index
                throw malformed(sawRoot ? "content after the root element" : "text before the root element")
            }
        }
    }

    // MARK: Markup

    /// `<!--`, `<![CDATA[` or `<!DOCTYPE`.
    private mutating func readBang() throws(GPXError) {
        guard try available(4) else { throw cutShort() }
        if buffer[position + 2] == UInt8(ascii: "-"), buffer[position + 3] == UInt8(ascii: "-") {
            return try skip(past: Array("-->".utf8), from: position + 4)
        }
        guard try available(9) else { throw cutShort() }
        if matches("<![CDATA[", at: position) {
            guard !kinds.isEmpty else { throw malformed("CDATA outside the root element") }
            return try skip(past: Array("]]>".utf8), from: position + 9, collect: collecting)
        }
        if matches("<!DOCTYPE", at: position) { return try skipDoctype() }
        throw malformed("unknown markup after <!")
    }

    /// Skips to just past `terminator`, dropping what it passes (a comment or processing instruction may be
    /// long), or with `collect` adding it to the text being read (a CDATA section's content).
    private mutating func skip(past terminator: [UInt8], from start: Int, collect: Bool = false) throws(GPXError) {
        position = start
        while true {
            let found = firstIndex(of: terminator, from: position)
            // Without the terminator, keep what may be its start for the next read.
            let stop = found ?? max(position, end - (terminator.count - 1))
            if collect {
                text += UnsafeBufferPointer(start: buffer + position, count: stop - position)
                guard text.count <= Self.limit else { throw malformed("an element's text is longer than 1 MiB") }
            }
            if let found {
                position = found + terminator.count
                return
            }
            position = stop
            guard try more(keepingFrom: position) else { throw cutShort() }
        }
    }

    /// `<!DOCTYPE …>`, with an internal subset in brackets; its declarations are not used.
    private mutating func skipDoctype() throws(GPXError) {
        position = try markupEnd(from: position + 9, what: "a DOCTYPE", subset: true)
    }

    private mutating func readEndTag() throws(GPXError) {
        let tag = try wholeTag()
        var stop = tag.upperBound - 1  // at '>'
        while stop > tag.lowerBound + 2 && Self.isSpace(buffer[stop - 1]) { stop -= 1 }
        let name = UnsafeBufferPointer(start: buffer + tag.lowerBound + 2, count: stop - tag.lowerBound - 2)
        guard let kind = kinds.popLast(), let nameStart = nameStarts.popLast() else {
            throw malformed("an end tag </\(String(decoding: name, as: UTF8.self))> with no element open")
        }
        let same =
            names.count - nameStart == name.count
            && names.withUnsafeBufferPointer { memcmp($0.baseAddress! + nameStart, name.baseAddress!, name.count) == 0 }
        guard same else {
            let open = String(decoding: names[nameStart...], as: UTF8.self)
            throw malformed("</\(String(decoding: name, as: UTF8.self))> closes <\(open)>")
        }
        names.removeLast(names.count - nameStart)
        position = tag.upperBound
        try close(kind)
    }

    private mutating func readStartTag() throws(GPXError) {
        let tag = try wholeTag()
        var index = tag.lowerBound + 1
        let nameStart = index
        while index < tag.upperBound, !Self.isSpace(buffer[index]), buffer[index] != UInt8(ascii: "/"), buffer[index] != UInt8(ascii: ">") {
            index += 1
        }
        let name = UnsafeBufferPointer(start: buffer + nameStart, count: index - nameStart)
        guard !name.isEmpty else { throw malformed("a tag with no name") }
        let selfClosing = buffer[tag.upperBound - 2] == UInt8(ascii: "/")
        let attributes = UnsafeBufferPointer(start: buffer + index, count: tag.upperBound - (selfClosing ? 2 : 1) - index)
        if rootClosed { throw malformed("content after the root element") }
        let kind = try open(localKind(name), qualifiedName: name, attributes: attributes)
        position = tag.upperBound
        guard !selfClosing else { return try close(kind) }
        guard kinds.count < Self.maximumDepth else { throw malformed("elements nested over \(Self.maximumDepth) deep") }
        kinds.append(kind)
        nameStarts.append(names.count)
        names += name
    }

    /// The tag starting at `position`, through its `>`.
    private mutating func wholeTag() throws(GPXError) -> Range<Int> {
        let end = try markupEnd(from: position + 1, what: "a tag", subset: false)
        return position..<end
    }

    /// Just past the `>` that ends the markup starting at `position` (`from` is where to look): not one in a
    /// quoted value, nor, with `subset`, one inside brackets (a DOCTYPE's internal subset). A tag may hold no
    /// `<`. Reads more as needed, up to `limit`.
    private mutating func markupEnd(from start: Int, what: String, subset: Bool) throws(GPXError) -> Int {
        var index = start, depth = 0
        var quote: UInt8?
        while true {
            while index < end {
                let byte = buffer[index]
                index += 1
                if let open = quote {
                    if byte == open { quote = nil }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "[") where subset: depth += 1
                case UInt8(ascii: "]") where subset: depth -= 1
                case UInt8(ascii: "<") where !subset:
                    position = index - 1
                    throw malformed("a '<' inside a tag")
                case UInt8(ascii: ">") where depth <= 0:
                    guard index - position <= Self.limit else { throw malformed("\(what) longer than 1 MiB") }
                    return index
                default: break
                }
            }
            guard index - position <= Self.limit else { throw malformed("\(what) longer than 1 MiB") }
            let offset = index - position
            guard try more(keepingFrom: position) else { throw cutShort() }
            index = position + offset
        }
    }

    // MARK: What GPX makes of elements

    /// The element's kind where it stands, after acting on its start.
    private mutating func open(
        _ name: Kind, qualifiedName: UnsafeBufferPointer<UInt8>,
        attributes: UnsafeBufferPointer<UInt8>
    ) throws(GPXError) -> Kind {
        guard sawRoot else {
            sawRoot = true
            guard name == .gpx else { throw GPXError.notGPX(file: file, rootElement: String(decoding: qualifiedName, as: UTF8.self)) }
            let (version, creator) = try attributeValues(attributes, "version", "creator")
            pending = .root(
                version: try version.map { (value) throws(GPXError) in try string(attributes, value) },
                creator: try creator.map { (value) throws(GPXError) in try string(attributes, value) })
            return .gpx
        }
        switch (kinds.last ?? .other, name) {
        case (.gpx, .trk): pending = .trackStart
        case (.trk, .trkseg): pending = .segmentStart
        case (.gpx, .rte): pending = .routeStart
        case (.trkseg, .trkpt), (.rte, .rtept), (.gpx, .wpt):
            let (latitude, longitude) = try attributeValues(attributes, "lat", "lon")
            point = GPXPoint(
                latitude: try coordinate(attributes, latitude, "lat", element: qualifiedName, range: -90...90),
                longitude: try coordinate(attributes, longitude, "lon", element: qualifiedName, range: -180...180))
        case (.trkpt, .ele), (.rtept, .ele), (.wpt, .ele), (.trkpt, .time), (.rtept, .time), (.wpt, .time),
            (.trk, .name), (.rte, .name):
            text.removeAll(keepingCapacity: true)
            collecting = true
        default: return .other
        }
        return name
    }

    private mutating func close(_ kind: Kind) throws(GPXError) {
        let parent = kinds.last
        if kinds.isEmpty && kind == .gpx { rootClosed = true }
        switch kind {
        case .ele, .time, .name:
            collecting = false
            try text.withUnsafeBufferPointer { (raw) throws(GPXError) in
                let value = Self.trimmed(raw)
                guard !value.isEmpty else { return }
                switch kind {
                case .ele:
                    guard let elevation = Self.number(value), Self.elevations.contains(elevation) else {
                        throw invalid("ele", "the elevation", String(decoding: value, as: UTF8.self))
                    }
                    point?.elevation = elevation
                case .time:
                    guard let time = GPXTime.parse(value) else {
                        throw invalid("time", "the time", String(decoding: value, as: UTF8.self))
                    }
                    point?.time = time
                default:
                    let name = String(decoding: value, as: UTF8.self)
                    pending = parent == .trk ? .trackName(name) : .routeName(name)
                }
            }
        case .trkpt, .rtept, .wpt:
            if let point { pending = kind == .trkpt ? .trackPoint(point) : kind == .rtept ? .routePoint(point) : .waypoint(point) }
            point = nil
        default: break
        }
    }

    private func coordinate(
        _ attributes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>?, _ key: String,
        element: UnsafeBufferPointer<UInt8>, range: ClosedRange<Double>
    ) throws(GPXError) -> Double {
        let element = { String(decoding: element, as: UTF8.self) }
        guard let value else { throw invalid(element(), "no \(key) attribute", "") }
        let raw = UnsafeBufferPointer(rebasing: attributes[value])
        let number = raw.contains(UInt8(ascii: "&")) ? try Self.number(decoded(raw)) : Self.number(raw)
        guard let number, range.contains(number) else { throw invalid(element(), key, try string(attributes, value)) }
        return number
    }

    /// Where the values of the two attributes named (by qualified name) are in `bytes`, quotes excluded.
    private func attributeValues(
        _ bytes: UnsafeBufferPointer<UInt8>, _ first: StaticString,
        _ second: StaticString
    ) throws(GPXError) -> (Range<Int>?, Range<Int>?) {
        var values: (Range<Int>?, Range<Int>?) = (nil, nil)
        var index = 0
        while true {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return values }
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), !Self.isSpace(bytes[index]) { index += 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard !name.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw malformed("an attribute without a value") }
            index += 1
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw malformed("an attribute value without quotes")
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            guard index < bytes.count else { throw malformed("an attribute value without its closing quote") }
            if Self.equal(name, first) { values.0 = valueStart..<index }
            if Self.equal(name, second) { values.1 = valueStart..<index }
            index += 1
        }
    }

    /// An attribute's value with its references decoded.
    private func string(_ attributes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) throws(GPXError) -> String {
        String(decoding: try decoded(UnsafeBufferPointer(rebasing: attributes[value])), as: UTF8.self)
    }

    private func decoded(_ raw: UnsafeBufferPointer<UInt8>) throws(GPXError) -> [UInt8] {
        var output: [UInt8] = []
        if let problem = Self.decode(raw, into: &output) { throw malformed(problem) }
        return output
    }

    /// Appends `raw` with its entity and character references replaced; returns what is wrong with it, if
    /// something is.
    private static func decode(_ raw: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> String? {
        var index = 0
        while index < raw.count {
            guard let ampersand = raw[index...].firstIndex(of: UInt8(ascii: "&")) else {
                output += UnsafeBufferPointer(rebasing: raw[index...])
                return nil
            }
            output += UnsafeBufferPointer(rebasing: raw[index..<ampersand])
            guard let semicolon = raw[ampersand...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                return "a '&' that starts no entity reference (write &amp;)"
            }
            let reference = String(decoding: raw[(ampersand + 1)..<semicolon], as: UTF8.self)
            switch reference {
            case "lt": output.append(UInt8(ascii: "<"))
            case "gt": output.append(UInt8(ascii: ">"))
            case "amp": output.append(UInt8(ascii: "&"))
            case "quot": output.append(UInt8(ascii: "\""))
            case "apos": output.append(UInt8(ascii: "'"))
            default:
                let hex = reference.hasPrefix("#x")
                guard reference.hasPrefix("#"), let code = UInt32(reference.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                    code != 0, let scalar = Unicode.Scalar(code)
                else {
                    return "an unknown entity &\(reference);"
                }
                output += Array(String(Character(scalar)).utf8)
            }
            index = semicolon + 1
        }
        return nil
    }

    private func localKind(_ name: UnsafeBufferPointer<UInt8>) -> Kind {
        let colon = name.lastIndex(of: UInt8(ascii: ":")).map { $0 + 1 } ?? 0
        let local = UnsafeBufferPointer(rebasing: name[colon...])
        switch local.count {
        case 3:
            if Self.equal(local, "gpx") { return .gpx }
            if Self.equal(local, "trk") { return .trk }
            if Self.equal(local, "rte") { return .rte }
            if Self.equal(local, "wpt") { return .wpt }
            if Self.equal(local, "ele") { return .ele }
        case 4:
            if Self.equal(local, "time") { return .time }
            if Self.equal(local, "name") { return .name }
        case 5:
            if Self.equal(local, "trkpt") { return .trkpt }
            if Self.equal(local, "rtept") { return .rtept }
        case 6:
            if Self.equal(local, "trkseg") { return .trkseg }
        default: break
        }
        return .other
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount && memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0
    }

    // MARK: The buffer

    /// Whether `count` bytes from `position` are in the buffer, reading more if needed.
    private mutating func available(_ count: Int) throws(GPXError) -> Bool {
        while end - position < count {
            guard try more(keepingFrom: position) else { return false }
        }
        return true
    }

    /// Reads more input, keeping the bytes from `keep` on: those before it are dropped (their lines
    /// counted) and `position` moves with the bytes. `false` when the input has no more.
    private mutating func more(keepingFrom keep: Int) throws(GPXError) -> Bool {
        guard !atEnd else { return false }
        droppedLines += Self.newlines(in: UnsafeBufferPointer(start: buffer, count: keep))
        let kept = end - keep
        if keep > 0 { buffer.update(from: buffer + keep, count: kept) }
        position -= keep
        end = kept
        if end == capacity {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            larger.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = larger
            capacity *= 2
        }
        switch source {
        case .file(let descriptor):
            while true {
                let count = read(descriptor, buffer + end, capacity - end)
                if count > 0 { end += count; return true }
                if count == 0 { atEnd = true; return false }
                if errno != EINTR { throw .unreadable(file: file, reason: String(cString: strerror(errno))) }
            }
        case .memory(let bytes, let next):
            let count = min(capacity - end, bytes.count - next)
            guard count > 0 else { atEnd = true; return false }
            bytes.withUnsafeBufferPointer { (buffer + end).update(from: $0.baseAddress! + next, count: count) }
            end += count
            source = .memory(bytes, next: next + count)
            return true
        }
    }

    private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        guard start < end, let found = memchr(buffer + start, Int32(byte), end - start) else { return nil }
        return buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func firstIndex(of needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while let candidate = firstIndex(of: needle[0], from: index) {
            guard candidate + needle.count <= end else { return nil }
            if memcmp(buffer + candidate, needle, needle.count) == 0 { return candidate }
            index = candidate + 1
        }
        return nil
    }

    private func matches(_ literal: StaticString, at index: Int) -> Bool {
        index + literal.utf8CodeUnitCount <= end
            && Self.equal(UnsafeBufferPointer(start: buffer + index, count: literal.utf8CodeUnitCount), literal)
    }

    // MARK: Errors

    /// The line of `position`.
    private var line: Int {
        droppedLines + Self.newlines(in: UnsafeBufferPointer(start: buffer, count: min(position, end))) + 1
    }

    private func malformed(_ reason: String) -> GPXError {
        .malformed(file: file, line: line, reason: reason)
    }

    private func invalid(_ element: String, _ field: String, _ value: String) -> GPXError {
        .invalidValue(file: file, line: line, element: element, field: field, value: value)
    }

    /// The input ended inside an element: reported at its last line.
    private func cutShort() -> GPXError {
        .malformed(
            file: file, line: droppedLines + Self.newlines(in: UnsafeBufferPointer(start: buffer, count: end)) + 1,
            reason: "the file ends before </gpx>; it was probably cut short")
    }

    // MARK: Bytes

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    private static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte == 0x0A { count += 1 }
        return count
    }

    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    static func number(_ raw: [UInt8]) -> Double? {
        raw.withUnsafeBufferPointer(number)
    }

    /// A decimal number. Up to 15 significant digits and no exponent, it is exact integer arithmetic and one
    /// correctly rounded division (Clinger's fast path); anything else goes to the standard library.
    static func number(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        let bytes = trimmed(raw)
        var index = 0, negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fraction += 1 }
            } else {
                break
            }
            index += 1
        }
        guard index == bytes.count, digits > 0, digits <= 15 else {
            return Double(String(decoding: bytes, as: UTF8.self))
        }
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }
}
