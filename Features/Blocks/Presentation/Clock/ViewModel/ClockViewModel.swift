import BlocksDomain
import Observation

/// The clock: the running mode's title, phase and remaining time as `h:mm:ss`. Each `update()` recomputes
/// from the persisted start time, so a screen may call it as often or as rarely as it likes.
@MainActor @Observable
public final class ClockViewModel {
    public private(set) var state: ClockState?
    public private(set) var errorMessage: String?

    /// How many phases have ended while the clock was shown (the screen rings once for each).
    public private(set) var phaseEndings = 0

    @ObservationIgnored private let fetchUseCase: any ClockFetchUseCase
    @ObservationIgnored private let stopUseCase: any ClockStopUseCase
    @ObservationIgnored private let clock: any BlocksClock

    public init(fetchUseCase: any ClockFetchUseCase, stopUseCase: any ClockStopUseCase, clock: any BlocksClock) {
        self.fetchUseCase = fetchUseCase
        self.stopUseCase = stopUseCase
        self.clock = clock
    }

    public var isRunning: Bool { state != nil }
    public var title: String { state?.title ?? "Nothing is running" }
    public var phaseText: String { state.map { ClockFormatting.phaseText($0) } ?? "" }
    public var remainingText: String { state?.remaining.description ?? "0:00:00" }

    /// How much of the running phase has passed (0…1), or `nil` when that has no meaning (a daily waiting).
    public var progress: Double? {
        guard let state, let length = state.phaseSeconds, length > 0 else { return nil }
        return min(1, max(0, 1 - Double(state.remainingSeconds) / Double(length)))
    }

    public func update() {
        do {
            let next = try fetchUseCase.execute()
            if let state, state.ended(by: clock.now(), becoming: next) { phaseEndings += 1 }
            state = next
            errorMessage = nil
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }

    public func stop() {
        do {
            try stopUseCase.execute()
            state = nil
        } catch {
            errorMessage = BlocksErrorText.text(error)
        }
    }
}
