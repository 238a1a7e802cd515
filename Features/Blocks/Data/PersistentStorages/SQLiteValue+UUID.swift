import FoundationEssentials
import StrataStorage

// Ids are Foundation's `UUID` in the Blocks domain; the SDK's storage API takes text, so they are converted here,
// at the plugin's edge (the SDK's public API has no Foundation type: docs/sdk-releases.md).

extension SQLiteValue {
    /// An id stored as text in its canonical upper-case form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`).
    init(_ id: UUID) { self = .text(UUIDText.format(id)) }
}

extension SQLiteRow {
    /// The named column as a `UUID` stored as text.
    /// - Throws: `StorageError` if the column is missing, not text, or not a UUID.
    func uuid(_ column: String) throws(StorageError) -> UUID {
        let text = try string(column)
        guard let id = UUIDText.parse(text) else {
            throw StorageError(message: "column '\(column)' holds '\(text)', which is not a UUID")
        }
        return id
    }
}

/// UUID text without Foundation's formatter: on Linux `uuidString` and `UUID(uuidString:)` go through
/// `sprintf` and `sscanf`, which took most of the time of listing 10,000 rows.
enum UUIDText {
    private static let digits = Array("0123456789ABCDEF".utf8)

    static func format(_ id: UUID) -> String {
        withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = digits[Int(byte >> 4)]
                    text[position + 1] = digits[Int(byte & 0x0F)]
                    position += 2
                }
                return 36
            }
        }
    }

    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { characters -> UUID? in
            guard characters.count == 36 else { return nil }
            var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let parsed = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        guard characters[position] == UInt8(ascii: "-") else { return false }
                        position += 1
                    }
                    guard let high = nibble(characters[position]), let low = nibble(characters[position + 1]) else { return false }
                    bytes[index] = high << 4 | low
                    position += 2
                }
                return true
            }
            return parsed ? UUID(uuid: uuid) : nil
        }
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
