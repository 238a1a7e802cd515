/// A value SQLite stores: what a statement binds and what a row holds.
public enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value as a string, if it is text.
    public var string: String? { if case .text(let value) = self { value } else { nil } }
    /// The value as a 64-bit integer, if it is an integer.
    public var int64: Int64? { if case .integer(let value) = self { value } else { nil } }
    /// The value as an `Int`, if it is an integer.
    public var int: Int? { int64.map { Int($0) } }
    /// The value as a double, if it is a real or an integer.
    public var double: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
    /// The bytes, if it is a blob.
    public var blob: [UInt8]? { if case .blob(let value) = self { value } else { nil } }
    /// Whether the value is SQL `NULL`.
    public var isNull: Bool { self == .null }
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByNilLiteral
{
    /// Text.
    public init(stringLiteral value: String) { self = .text(value) }
    /// An integer.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A real.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// `NULL`.
    public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue {
    /// Text, or `NULL` for `nil`.
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    /// An integer, or `NULL` for `nil`.
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// A real, or `NULL` for `nil`.
    public init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
    /// A boolean stored as 0 or 1.
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
}
