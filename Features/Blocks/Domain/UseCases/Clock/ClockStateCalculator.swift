import FoundationEssentials

/// Computes what the clock shows from the running mode, its item and the current instant. Nothing is counted
/// down in memory, so the answer is the same whether Strata ran all along or was just restarted.
public struct ClockStateCalculator: Sendable {
    /// Carries the time zone: boundaries and start times are local wall-clock times.
    public let calendar: Calendar

    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    public func state(of mode: RunningMode, item: ModeItem, at now: Date) -> ClockState {
        let slot: PhaseSlot =
            switch item {
            case .block(let block): BlockSchedule.slot(for: block.length, at: now, calendar: calendar)
            case .daily(let daily): DailySchedule.slot(for: daily, at: now, calendar: calendar)
            case .timer(let timer): TimerSchedule.slot(for: timer, startedAt: mode.startedAt, at: now)
            }
        let length = slot.startsAt.map { wholeSeconds(slot.endsAt.timeIntervalSince($0).rounded()) }
        // Never more than the phase lasts (a waiting phase has no length: it lasts until the start).
        let remaining = min(max(wholeSeconds(slot.endsAt.timeIntervalSince(now).rounded(.up)), 0), length ?? .max)
        return ClockState(
            mode: mode, title: item.title, phase: slot.phase, remainingSeconds: remaining,
            phaseEndsAt: slot.endsAt, phaseSeconds: length, round: slot.round, rounds: slot.rounds)
    }

    /// `interval` (whole already) as an Int, the nearest end of Int's range past it: a schedule written into
    /// the file by hand may last longer than an Int counts.
    private func wholeSeconds(_ interval: Double) -> Int {
        interval >= Double(Int.max) ? .max : interval <= Double(Int.min) ? .min : Int(interval)
    }
}
