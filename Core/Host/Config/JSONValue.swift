import FoundationEssentials
import StrataBase

extension JSONValue {
    /// Parses a config's text; a syntax error names the line and column.
    static func parse(_ data: Data, source: String) throws(ConfigError) -> Document {
        do {
            return try parse(Array(data))
        } catch {
            throw .malformed(source: source, location: "line \(error.line), column \(error.column)", detail: error.detail)
        }
    }

    /// The JSON text of this value with sorted keys.
    func encoded(pretty: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }
}
