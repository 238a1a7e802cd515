import FoundationEssentials

/// The item a running mode refers to.
public enum ModeItem: Sendable, Hashable {
    case block(Block)
    case daily(Daily)
    case timer(FocusTimer)

    public var title: String {
        switch self {
        case .block(let block): block.title
        case .daily(let daily): daily.title
        case .timer(let timer): timer.title
        }
    }
}

/// Finds the item of a kind by id across the three repositories.
public struct ModeItemSource: Sendable {
    private let blocks: any ItemRepository<Block>
    private let dailies: any ItemRepository<Daily>
    private let timers: any ItemRepository<FocusTimer>

    public init(
        blocks: any ItemRepository<Block>, dailies: any ItemRepository<Daily>,
        timers: any ItemRepository<FocusTimer>
    ) {
        self.blocks = blocks
        self.dailies = dailies
        self.timers = timers
    }

    /// - Throws: `BlocksError.notFound` for an unknown id.
    public func item(_ kind: ModeKind, id: UUID) throws -> ModeItem {
        switch kind {
        case .block: .block(try blocks.fetch(id: id))
        case .daily: .daily(try dailies.fetch(id: id))
        case .timer: .timer(try timers.fetch(id: id))
        }
    }
}
