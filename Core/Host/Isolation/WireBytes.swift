/// The bytes of the helper's wire (``HelperWire``) written in one place: big-endian integers of any fixed
/// width, and bytes or UTF-8 after their length (as swift-nio's `ByteBuffer.writeInteger`).
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The bytes `write` writes.
    static func bytes(capacity: Int = 0, _ write: (inout WireWriter) -> Void) -> [UInt8] {
        var writer = WireWriter(capacity: capacity)
        write(&writer)
        return writer.bytes
    }

    mutating func write<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
    }

    mutating func write(_ raw: some Sequence<UInt8>) { bytes += raw }

    /// `raw` after its count as a `Length` (its first `Length.max` bytes when it is longer).
    mutating func write<Length: FixedWidthInteger & UnsignedInteger>(_ raw: some Collection<UInt8>, lengthAs: Length.Type) {
        let kept = raw.prefix(Int(clamping: Length.max))
        write(Length(kept.count))
        bytes += kept
    }
}

/// The bytes of the helper's wire read in one place, from the front (as swift-nio's `ByteBuffer.readInteger`):
/// every read is checked against the bytes left before anything is taken, and is `nil` when they are too few,
/// never a trap; nothing is allocated for more than the bytes there.
struct WireReader {
    private var rest: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { rest = bytes[...] }
    init(_ bytes: ArraySlice<UInt8>) { rest = bytes }

    var remaining: Int { rest.count }
    var isAtEnd: Bool { rest.isEmpty }

    /// The next `Integer`, big-endian.
    mutating func read<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) -> Integer? {
        guard let bytes = read(count: MemoryLayout<Integer>.size) else { return nil }
        var value = Integer.zero
        for byte in bytes { value = value << 8 | Integer(truncatingIfNeeded: byte) }
        return value
    }

    /// The next `count` bytes.
    mutating func read(count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= rest.count else { return nil }
        defer { rest = rest.dropFirst(count) }
        return rest.prefix(count)
    }

    /// The bytes after a length read as a `Length`.
    mutating func read<Length: FixedWidthInteger & UnsignedInteger>(lengthAs: Length.Type) -> ArraySlice<UInt8>? {
        read(Length.self).flatMap { Int(exactly: $0) }.flatMap { read(count: $0) }
    }

    /// The text after a length read as a `Length`; `nil` unless it is valid UTF-8.
    mutating func readText<Length: FixedWidthInteger & UnsignedInteger>(lengthAs: Length.Type) -> String? {
        read(lengthAs: Length.self).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// Every byte left.
    mutating func readRest() -> ArraySlice<UInt8> {
        defer { rest = rest[rest.endIndex...] }
        return rest
    }
}
