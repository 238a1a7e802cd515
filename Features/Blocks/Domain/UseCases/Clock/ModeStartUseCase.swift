import FoundationEssentials

/// Starts a block, daily or timer: records it as the running mode from now (replacing whatever ran) and
/// answers what the clock shows at once.
public protocol ModeStartUseCase: Sendable {
    /// - Throws: `BlocksError.notFound` for an unknown id, or the repository's error.
    func execute(_ kind: ModeKind, id: UUID) throws -> ClockState
}

public struct DefaultModeStartUseCase: ModeStartUseCase {
    private let items: ModeItemSource
    private let runningMode: any RunningModeRepository
    private let clock: any BlocksClock
    private let calculator: ClockStateCalculator

    public init(items: ModeItemSource, runningMode: any RunningModeRepository, clock: any BlocksClock,
                calendar: Calendar) {
        self.items = items
        self.runningMode = runningMode
        self.clock = clock
        self.calculator = ClockStateCalculator(calendar: calendar)
    }

    public func execute(_ kind: ModeKind, id: UUID) throws -> ClockState {
        let item = try items.item(kind, id: id)
        let now = clock.now()
        let mode = RunningMode(kind: kind, itemID: id, startedAt: now)
        try runningMode.save(mode)
        return calculator.state(of: mode, item: item, at: now)
    }
}
