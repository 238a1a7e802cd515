import FoundationEssentials

/// What the clock shows now for the persisted running mode.
public protocol ClockFetchUseCase: Sendable {
    /// `nil` when nothing runs. A mode whose item was deleted meanwhile is cleared and answers `nil`.
    func execute() throws -> ClockState?
}

public struct DefaultClockFetchUseCase: ClockFetchUseCase {
    private let sources: ClockSources

    public init(
        items: ModeItemSource, runningMode: any RunningModeRepository, clock: any BlocksClock,
        calendar: Calendar
    ) {
        sources = ClockSources(items: items, runningMode: runningMode, clock: clock, calendar: calendar)
    }

    public func execute() throws -> ClockState? {
        guard let mode = try sources.runningMode.load() else { return nil }
        let item: ModeItem
        do {
            item = try sources.items.item(mode.kind, id: mode.itemID)
        } catch BlocksError.notFound {
            try sources.runningMode.clear()
            return nil
        }
        return sources.calculator.state(of: mode, item: item, at: sources.clock.now())
    }
}

/// What both clock use cases read: the items, the running mode, the time, and the calendar's arithmetic.
struct ClockSources: Sendable {
    let items: ModeItemSource
    let runningMode: any RunningModeRepository
    let clock: any BlocksClock
    let calculator: ClockStateCalculator

    init(items: ModeItemSource, runningMode: any RunningModeRepository, clock: any BlocksClock, calendar: Calendar) {
        self.items = items
        self.runningMode = runningMode
        self.clock = clock
        calculator = ClockStateCalculator(calendar: calendar)
    }
}
