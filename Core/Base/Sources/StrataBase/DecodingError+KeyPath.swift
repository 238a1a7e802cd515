internal import FoundationEssentials

extension DecodingError {
    /// The failing key path in `a.b[3].c` form, appended to `prefix` (`features.gpt.settings`); `(root)`
    /// when the problem is the document itself and there is no prefix.
    public func keyPath(under prefix: String = "") -> String {
        let path: [any CodingKey] =
            switch self {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): context.codingPath
            case .keyNotFound(let key, let context): context.codingPath + [key]
            @unknown default: []
            }
        return codingPathText(path, under: prefix)
    }

    /// What was wrong, as a phrase without a final period (messages add their own punctuation).
    public var problem: String {
        var text =
            switch self {
            case .typeMismatch(let type, _): "expected \(type)"
            case .valueNotFound(let type, _): "expected \(type), found null"
            case .keyNotFound(let key, _): "missing key `\(key.stringValue)`"
            case .dataCorrupted(let context): context.debugDescription
            @unknown default: "\(self)"
            }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension EncodingError {
    /// Why a command's answer can't be written as JSON, for people: what has no JSON form, and where
    /// (`runs[0].distanceKm is inf`). A value from a damaged file or a hostile server is the usual cause, so
    /// the sentence says so rather than show the encoder's own words.
    public var answerProblem: String {
        switch self {
        case .invalidValue(let value, let context):
            let shown = String(describing: value)
            return "can't write the answer as JSON: \(codingPathText(context.codingPath, under: "")) is \(shown.prefix(40)), which JSON can't hold; "
                + "the data it came from may be damaged"
        @unknown default: return "can't write the answer as JSON"
        }
    }
}

/// `path` in `a.b[3].c` form, appended to `prefix`; `(root)` when both are empty.
private func codingPathText(_ path: [any CodingKey], under prefix: String) -> String {
    let text = path.reduce(prefix) { text, key in
        key.intValue.map { "\(text)[\($0)]" } ?? (text.isEmpty ? key.stringValue : "\(text).\(key.stringValue)")
    }
    return text.isEmpty ? "(root)" : text
}
