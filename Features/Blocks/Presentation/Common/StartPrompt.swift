import BlocksDomain
import Foundation

/// After creating something, Tempus asks whether to start it right away.
public struct StartPrompt: Sendable, Hashable {
    public let kind: ModeKind
    public let itemID: UUID
    public let title: String

    public var question: String { "Start \"\(title)\" now?" }
}
