/// The id two runners share to meet in a live session: 4 to 16 capital letters and digits.
public struct SessionID: Sendable, Hashable, CustomStringConvertible {
    public let value: String

    /// No 0/O or 1/I: an id is read aloud and typed by people.
    static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    public init?(_ text: String) {
        let upper = text.uppercased()
        guard (4...16).contains(upper.count),
            upper.allSatisfy({ ($0.isASCII && $0.isLetter) || ($0.isASCII && $0.isNumber) })
        else { return nil }
        value = upper
    }

    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> SessionID {
        SessionID(String((0..<6).map { _ in alphabet.randomElement(using: &generator)! }))!
    }

    public static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    public var description: String { value }
}
