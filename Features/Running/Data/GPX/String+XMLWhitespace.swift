extension String {
    /// The string without leading and trailing XML whitespace (space, tab, CR, LF).
    ///
    /// Foundation's `trimmingCharacters(in:)` goes through `NSString` on Linux and took most of the time of
    /// parsing a large track; XML only knows these four whitespace characters, so a scan of the UTF-8 bytes
    /// does the same job.
    func trimmingXMLWhitespace() -> String {
        let bytes = utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return self }
        return String(self[first...last])
    }
}
