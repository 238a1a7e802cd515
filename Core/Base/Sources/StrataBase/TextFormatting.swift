/// `value` with exactly `places` digits after the point, rounded half away from zero: `decimal(2.345, places: 1)`
/// is `"2.3"`, `decimal(3, places: 2)` is `"3.00"`. (`String(format:)` is Foundation's, which the host
/// doesn't load.)
public func decimal(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else { return "\(value)" }
    let units = Int(scaled), divisor = Int(scale)
    let sign = value < 0 && units != 0 ? "-" : ""
    guard places > 0 else { return "\(sign)\(units)" }
    let fraction = String(units % divisor)
    return "\(sign)\(units / divisor)." + String(repeating: "0", count: places - fraction.count) + fraction
}

/// A duration in seconds as people read it: whole seconds plain, others to one decimal. `secondsText(30)` is
/// `"30 s"`, `secondsText(2.5)` is `"2.5 s"`.
public func secondsText(_ seconds: Double) -> String {
    decimal(seconds, places: seconds == seconds.rounded() ? 0 : 1) + " s"
}

/// A size in bytes as people read it, in decimal units: `byteCountText(32_000_000)` is `"32 MB"`,
/// `byteCountText(1_500)` is `"1.5 KB"`, `byteCountText(512)` is `"512 bytes"`.
public func byteCountText(_ bytes: Int) -> String {
    for (unit, size) in [("GB", 1_000_000_000.0), ("MB", 1_000_000.0), ("KB", 1_000.0)] where Double(bytes) >= size {
        let value = Double(bytes) / size
        return decimal(value, places: value == value.rounded() ? 0 : 1) + " " + unit
    }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
}

/// What a reader that stopped at a size limit says: `limitPassedText("the server's answer", 32_000_000)` is
/// `"the server's answer passed 32 MB; strata stopped reading it"`.
public func limitPassedText(_ what: String, _ limit: Int) -> String {
    "\(what) passed \(byteCountText(limit)); strata stopped reading it"
}

extension StringProtocol {
    /// The text without spaces and tabs (Unicode's too, such as a no-break space) at either end, but with
    /// its line breaks: Foundation's `trimmingCharacters(in: .whitespaces)`.
    public var trimmingSpaces: SubSequence {
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}
