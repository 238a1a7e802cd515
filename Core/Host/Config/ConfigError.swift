/// A config problem that stops `strata` (exit code 2).
enum ConfigError: Error, CustomStringConvertible {
    case unreadable(path: String, detail: String)
    case malformed(source: String, location: String?, detail: String)
    case wrongType(source: String, keyPath: String, expected: String, found: String)
    /// A value of the right type that its declaration refuses; `reason` says why and what to use.
    case invalidValue(source: String, keyPath: String, reason: String)

    var description: String {
        switch self {
        case .unreadable(let path, let detail):
            "can't read the config file \(path): \(detail). Check the path given by --config or STRATA_CONFIG."
        case .malformed(let source, let location, let detail):
            "the config \(source) is not valid JSON" + (location.map { " at \($0)" } ?? "") + ": \(detail)"
        case .wrongType(let source, let keyPath, let expected, let found):
            "in the config \(source): `\(keyPath)` must be \(expected), but it is \(found)."
        case .invalidValue(let source, let keyPath, let reason):
            "in the config \(source): `\(keyPath)`: \(reason)."
        }
    }
}

/// The name in `candidates` closest to `name` by edit distance, if it is close enough to be a typo.
func closestName(to name: String, in candidates: some Sequence<String>) -> String? {
    let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(2, name.count / 3) ? best.0 : nil
}

/// Levenshtein distance.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
