/// Turns the raw bytes read from a terminal into ``Key`` values.
///
/// Bytes may arrive split across reads (a UTF-8 character or an escape sequence cut in two), so the decoder
/// keeps an incomplete tail until more bytes come. A lone `ESC` byte is ambiguous: it is either the Escape
/// key or the start of a sequence such as `ESC [ A` (↑). The decoder holds it back; the reader calls
/// ``flush()`` when no further byte arrives within a short delay, and the held `ESC` becomes ``Key/escape``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B, 0x41])   // [.up]
/// decoder.decode([0x1B])               // [] — held back
/// decoder.flush()                      // [.escape]
/// ```
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Inside a bracketed paste (`ESC [200~` … `ESC [201~`).
    private var pasting = false
    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Creates a decoder with nothing held back.
    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence (the caller should then wait briefly
    /// for more input and call ``flush()`` if none comes).
    public var hasPendingInput: Bool { !pending.isEmpty }

    /// Decodes `bytes` (appended to anything held back) into keys; an incomplete tail is held back.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return drain(final: false)
    }

    /// Decodes whatever is held back as if no more bytes will follow: a lone `ESC` becomes ``Key/escape``.
    public mutating func flush() -> [Key] {
        drain(final: true)
    }

    private mutating func drain(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if pasting {
                guard let consumed = decodePaste(at: index, final: final, into: &keys) else { break }
                index += consumed
                continue
            }
            if pending[index...].starts(with: Self.pasteStart) {
                pasting = true
                index += Self.pasteStart.count
                continue
            }
            let consumed: Int?
            switch pending[index] {
            case 0x1B:
                consumed = decodeEscape(at: index, final: final, into: &keys)
            case 0x20...0x7E, 0x80...0xFF:
                consumed = decodeText(at: index, final: final, into: &keys)
            default:
                keys.append(Self.controlKey(pending[index]))
                consumed = 1
            }
            guard let consumed else { break }
            index += consumed
        }
        pending.removeFirst(index)
        return keys
    }

    /// The pasted text up to the end marker, as one ``Key/paste(_:)``; nil to wait for the rest. When no
    /// more bytes come (`final`), what has arrived is delivered and the paste goes on with the next bytes.
    private mutating func decodePaste(at start: Int, final: Bool, into keys: inout [Key]) -> Int? {
        var end = start
        while end < pending.count, !pending[end...].starts(with: Self.pasteEnd) { end += 1 }
        let complete = end < pending.count
        guard complete || final else { return nil }
        let text = String(decoding: pending[start..<end], as: UTF8.self)
            .replacing("\r\n", with: "\n").replacing("\r", with: "\n")
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 == "\n" || $0 == "\t" || $0.value >= 0x20 && $0.value != 0x7F }))
        if !kept.isEmpty { keys.append(.paste(kept)) }
        if complete {
            pasting = false
            return end - start + Self.pasteEnd.count
        }
        return end - start
    }

    private static func controlKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        default: return .unknown([byte])
        }
    }

    /// Decodes a run of printable UTF-8; returns the bytes consumed, or nil to wait for more bytes.
    private func decodeText(at start: Int, final: Bool, into keys: inout [Key]) -> Int? {
        var index = start
        var text = String.UnicodeScalarView()
        while index < pending.count {
            let lead = pending[index]
            guard lead >= 0x20 && lead != 0x7F else { break }
            let length =
                switch lead {
                case 0xC2...0xDF: 2
                case 0xE0...0xEF: 3
                case 0xF0...0xF4: 4
                default: 1  // ASCII, or a byte that cannot start a character (dropped below)
                }
            if index + length > pending.count {
                if final { index += 1; continue }  // a truncated character at the very end: drop its lead
                if text.isEmpty { return nil }  // wait for the rest of it
                break
            }
            let bytes = pending[index..<index + length]
            if let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first {
                text.append(scalar)
                index += length
            } else {
                index += 1  // an invalid byte is dropped; decoding resumes at the next one
            }
        }
        keys.append(contentsOf: String(text).map(Key.character))
        return index - start
    }

    /// Decodes a sequence starting with `ESC`; returns the bytes consumed, or nil to wait for more bytes.
    private func decodeEscape(at start: Int, final: Bool, into keys: inout [Key]) -> Int? {
        let available = pending.count - start
        guard available > 1 else {
            if final { keys.append(.escape); return 1 }
            return nil
        }
        switch pending[start + 1] {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
            guard index < pending.count else {
                if final { keys.append(.escape); return 1 }
                return nil
            }
            guard (0x40...0x7E).contains(pending[index]) else { keys.append(.escape); return 1 }
            let sequence = Array(pending[start...index])
            keys.append(Self.csiKey(sequence))
            return sequence.count
        case UInt8(ascii: "O"):
            guard available > 2 else {
                if final { keys.append(.escape); return 1 }
                return nil
            }
            keys.append(Self.ss3Key(Array(pending[start...start + 2])))
            return 3
        default:
            keys.append(.escape)
            return 1
        }
    }

    /// `ESC [ params final`: arrows, Home/End, the `~` keys, Shift-Tab, function keys.
    private static func csiKey(_ sequence: [UInt8]) -> Key {
        let final = sequence[sequence.count - 1]
        let params = String(decoding: sequence[2..<sequence.count - 1], as: UTF8.self)
            .split(separator: ";").map { Int($0) ?? 0 }
        if let key = letterKey(final) { return key }
        switch final {
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch params.first ?? 0 {
            case 1, 7: return .home
            case 2: return .insert
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case let n where (11...15).contains(n): return .function(n - 10)
            case let n where (17...21).contains(n): return .function(n - 11)
            case let n where (23...24).contains(n): return .function(n - 12)
            default: return .unknown(sequence)
            }
        default: return .unknown(sequence)
        }
    }

    /// `ESC O x`: arrows and Home/End in application cursor mode, F1–F4.
    private static func ss3Key(_ sequence: [UInt8]) -> Key {
        letterKey(sequence[2]) ?? .unknown(sequence)
    }

    /// The final letter CSI and SS3 sequences share: arrows, Home/End, F1–F4.
    private static func letterKey(_ letter: UInt8) -> Key? {
        switch letter {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(letter - UInt8(ascii: "P")) + 1)
        default: nil
        }
    }
}
