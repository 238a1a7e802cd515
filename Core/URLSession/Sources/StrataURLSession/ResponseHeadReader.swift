/// Collects the header lines libcurl hands over, one response at a time.
///
/// libcurl passes every response's head line by line: a `100 Continue` before the answer, each redirect
/// it follows, then the final response, and later any trailers. A status line (`HTTP/1.1 302 Found`,
/// `HTTP/2 200`) starts a response afresh; the blank line ends its head. Field names are lowercased, a
/// field given twice is joined with `, `, and an obsolete folded line continues the field before it.
struct ResponseHeadReader {
    /// The fields of the response being read, by lowercased name.
    private(set) var fields: [String: String] = [:]
    private var lastName: String?

    /// Reads one header line (with or without its CRLF).
    /// - Returns: whether it was the blank line that ends a response's head.
    mutating func read(_ line: String) -> Bool {
        var text = Substring(line)
        while text.last?.isNewline == true { text.removeLast() }  // "\r\n" is one Character
        if text.isEmpty { return true }
        if text.hasPrefix("HTTP/") {
            fields = [:]
            lastName = nil
        } else if text.first == " " || text.first == "\t" {
            if let lastName { fields[lastName, default: ""] += " " + Self.trimmed(text) }
        } else if let colon = text.firstIndex(of: ":") {
            let name = Self.trimmed(text[..<colon]).lowercased()
            let value = Self.trimmed(text[text.index(after: colon)...])
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
            lastName = name
        }
        return false
    }

    private static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isBlank($0) }), let end = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[start...end])
    }
}
