import FoundationEssentials

/// Starts a block, daily or timer: records it as the running mode from now (replacing whatever ran) and
/// answers what the clock shows at once.
public protocol ModeStartUseCase: Sendable {
    /// - Throws: `BlocksError.notFound` for an unknown id, or the repository's error.
    func execute(_ kind: ModeKind, id: UUID) throws -> ClockState
}

public struct DefaultModeStartUseCase: ModeStartUseCase {
    private let sources: ClockSources

    public init(
        items: ModeItemSource, runningMode: any RunningModeRepository, clock: any BlocksClock,
        calendar: Calendar
    ) {
        sources = ClockSources(items: items, runningMode: runningMode, clock: clock, calendar: calendar)
    }

    public func execute(_ kind: ModeKind, id: UUID) throws -> ClockState {
        let item = try sources.items.item(kind, id: id)
        let now = sources.clock.now()
        let mode = RunningMode(kind: kind, itemID: id, startedAt: now)
        try sources.runningMode.save(mode)
        return sources.calculator.state(of: mode, item: item, at: now)
    }
}
