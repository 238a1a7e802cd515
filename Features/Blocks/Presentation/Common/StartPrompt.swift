import BlocksDomain
import FoundationEssentials

/// After creating something, Tempus asks whether to start it right away.
public struct StartPrompt: Sendable, Hashable {
    public let kind: ModeKind
    public let itemID: UUID
    public let title: String

    public var question: String { "Start \"\(title)\" now?" }
}

extension StartPrompt {
    /// Starts the created item when the answer is yes; `nil` when it is no.
    /// - Throws: what the start use case throws.
    func answer(_ start: Bool, using startUseCase: any ModeStartUseCase) throws -> ClockState? {
        start ? try startUseCase.execute(kind, id: itemID) : nil
    }
}
