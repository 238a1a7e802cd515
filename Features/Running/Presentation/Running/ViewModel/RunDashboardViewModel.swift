import Foundation
import Observation
import RunningDomain
import Synchronization

/// The live dashboard: runs the request, shows each second's state and, at the end, the result.
@MainActor @Observable
public final class RunDashboardViewModel {
    public private(set) var state: RunningViewState
    public private(set) var result: RunningResultViewState?
    public private(set) var errorMessage: String?
    /// 3, 2, 1 before the run starts (MateRunner's preparation); `nil` once it runs.
    public private(set) var countdown: Int?

    @ObservationIgnored private let request: RunRequest
    @ObservationIgnored private let useCase: any RunUseCase
    @ObservationIgnored private let clock: any RunClock
    @ObservationIgnored private let control = RunControl()
    @ObservationIgnored private var task: Task<Void, Never>?
    /// Updates hop to the main actor in tasks that may arrive out of order: never go back in time.
    @ObservationIgnored private var shownSeconds = -1
    /// Where each runner is, in km along the way, for the map.
    private var places = (mine: 0.0, mate: nil as Double?)

    public init(request: RunRequest, useCase: any RunUseCase, clock: any RunClock) {
        self.request = request
        self.useCase = useCase
        self.clock = clock
        state = RunningViewState(
            RunningData(mode: request.setting.mode, targetDistanceKm: request.setting.targetDistanceKm),
            setting: request.setting)
    }

    public var isRunning: Bool { result == nil && errorMessage == nil }

    /// Starts the run in the background (once).
    public func start() {
        guard task == nil else { return }
        task = Task { await run() }
    }

    /// Runs to the end; the screen calls `start()`, tests await this.
    public func run() async {
        let latest = LatestRunningData()
        do {
            try? await RunCountdown.count(for: request, on: clock) { countdown = $0 }
            countdown = nil
            let outcome = try await useCase.execute(request, control: control) { [weak self] data in
                // One hop to the main actor at a time, showing the newest data: a replay faster than the
                // screen redraws doesn't queue up redraws ahead of the keys (a '?' once came seconds late).
                guard latest.set(data) else { return }
                Task { @MainActor in
                    if let newest = latest.take() { self?.show(newest) }
                }
            }
            if let data = latest.value { show(data) }
            result = RunningResultViewState(result: outcome)
        } catch {
            errorMessage = RunningErrorText.text(error, for: .screens)
        }
    }

    /// My route as a braille map, with me (●) and the mate (○, as far along my route as they are along
    /// theirs) on it; no rows without a route.
    public func mapRows(width: Int, height: Int) -> [String] {
        var marks: [(meters: Double, mark: Character)] = []
        if let mate = places.mate { marks.append((mate * 1000, "○")) }
        marks.append((places.mine * 1000, "●"))
        return BrailleMap.rows(request.map, width: width, maxHeight: height, marks: marks)
    }

    /// Stops the run; it ends as cancelled and is saved.
    public func cancel() { control.cancel() }

    /// Stops a run still going, as `cancel()` does, and returns once it is saved (the app is quitting).
    public func cancelAndWait() async {
        guard isRunning, let task else { return }
        control.cancel()
        await task.value
    }

    private func show(_ data: RunningData) {
        guard data.mine.elapsedSeconds >= shownSeconds else { return }
        shownSeconds = data.mine.elapsedSeconds
        state = RunningViewState(data, setting: request.setting)
        places = (data.mine.elapsedDistanceKm, data.mate.map { $0.progress.data.elapsedDistanceKm })
    }
}

/// The newest data, kept across the use case's thread and the main actor, and whether the main actor has yet
/// to show it.
final class LatestRunningData: Sendable {
    private struct State {
        var data: RunningData?
        var pending = false
    }

    private let state = Mutex(State())

    /// Keeps `newValue`; `true` when nothing was waiting to be shown (the caller then schedules `take()`).
    func set(_ newValue: RunningData) -> Bool {
        state.withLock { state in
            state.data = newValue
            defer { state.pending = true }
            return !state.pending
        }
    }

    /// The newest data to show, once: `nil` when it was already taken.
    func take() -> RunningData? {
        state.withLock { state in
            guard state.pending else { return nil }
            state.pending = false
            return state.data
        }
    }

    var value: RunningData? { state.withLock { $0.data } }
}
