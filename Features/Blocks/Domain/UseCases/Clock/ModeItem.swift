import FoundationEssentials

/// The item a running mode refers to.
public enum ModeItem: Sendable, Hashable {
    case block(Block)
    case daily(Daily)
    case timer(FocusTimer)

    public var kind: ModeKind {
        switch self {
        case .block: .block
        case .daily: .daily
        case .timer: .timer
        }
    }

    public var id: UUID {
        switch self {
        case .block(let block): block.id
        case .daily(let daily): daily.id
        case .timer(let timer): timer.id
        }
    }

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
    private let blocks: any BlockRepository
    private let dailies: any DailyRepository
    private let timers: any TimerRepository

    public init(blocks: any BlockRepository, dailies: any DailyRepository, timers: any TimerRepository) {
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
