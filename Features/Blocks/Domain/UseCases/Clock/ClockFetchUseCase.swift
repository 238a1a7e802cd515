import FoundationEssentials

/// What the clock shows now for the persisted running mode.
public protocol ClockFetchUseCase: Sendable {
    /// `nil` when nothing runs. A mode whose item was deleted meanwhile is cleared and answers `nil`.
    func execute() throws -> ClockState?
}

public struct DefaultClockFetchUseCase: ClockFetchUseCase {
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

    public func execute() throws -> ClockState? {
        guard let mode = try runningMode.load() else { return nil }
        let item: ModeItem
        do {
            item = try items.item(mode.kind, id: mode.itemID)
        } catch BlocksError.notFound {
            try runningMode.clear()
            return nil
        }
        return calculator.state(of: mode, item: item, at: clock.now())
    }
}
