import StrataNetworking

/// A failed request as it crosses from strata to a helper: the `NetworkError` strata's client threw (or
/// `.refused`, when strata didn't send it), so the plugin in its helper gets the same error, and the same
/// words, as in process, not that error's text wrapped in another (`not connected: not connected: …`).
struct HelperNetworkFailure: Codable, Equatable {
    enum Kind: String, Codable {
        case notConnected, timedOut, cancelled, invalidRequest, tooLarge, transport, refused
    }

    var kind: Kind
    /// The error's words: its detail, or its reason (for a refusal).
    var detail = ""
    /// The seconds of a timeout, or the bytes of a limit.
    var number: Double?

    init(_ kind: Kind, detail: String = "", number: Double? = nil) {
        self.kind = kind
        self.detail = detail
        self.number = number
    }

    /// What strata's client threw, as it crosses.
    init(_ error: NetworkError) {
        switch error {
        case .notConnected(let detail): self.init(.notConnected, detail: detail)
        case .timedOut(let seconds): self.init(.timedOut, number: seconds)
        case .cancelled: self.init(.cancelled)
        case .invalidRequest(let detail): self.init(.invalidRequest, detail: detail)
        case .tooLarge(let limit): self.init(.tooLarge, number: Double(limit))
        case .refused(let reason): self.init(.refused, detail: reason)
        // A status or a body that didn't decode is no failure of a stream; anything newer crosses as its words.
        default: self.init(.transport, detail: error.description)
        }
    }

    /// The error the plugin's client throws in the helper.
    var error: NetworkError {
        switch kind {
        case .notConnected: .notConnected(detail: detail)
        case .timedOut: .timedOut(seconds: number ?? 0)
        case .cancelled: .cancelled
        case .invalidRequest: .invalidRequest(detail)
        case .tooLarge: .tooLarge(limit: number.flatMap { Int(exactly: $0) } ?? 0)
        case .transport: .transport(detail)
        case .refused: .refused(reason: detail)
        }
    }
}
