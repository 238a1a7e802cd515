import Testing
import RunningDomain
@testable import RunningPresentation

struct RunningViewModelTests {
    private func data(_ mode: RunningMode, mine: Double, seconds: Int, mate: Double? = nil,
                      status: RunnerStatus = .running, connected: Bool = true) -> RunningData {
        RunningData(mode: mode, targetDistanceKm: 5, mine: RealTimeData(elapsedDistanceKm: mine, elapsedSeconds: seconds),
                    mate: mate.map { MateStatus(nickname: "kim", progress: RunnerProgress(
                        data: RealTimeData(elapsedDistanceKm: $0, elapsedSeconds: seconds), status: status), isConnected: connected) },
                    calories: 123.6)
    }

    private func setting(_ mode: RunningMode) -> RunningSetting {
        RunningSetting(mode: mode, targetDistanceKm: 5, myNickname: "ana", mateNickname: "kim")
    }

    @Test func singleShowsTimeDistanceProgressAndCalories() {
        let state = makeRunningViewModel(for: setting(.single)).state(for: data(.single, mine: 1.256, seconds: 3725))
        #expect(state.title == "Running 5.00 km")
        #expect(state.timeText == "1:02:05")
        #expect(state.me.distanceText == "1.26 km")
        #expect(state.me.progress == 25)
        #expect(abs(state.me.fraction - 0.2512) < 1e-9)
        #expect(state.caloriesText == "124 kcal")
        #expect(state.mate == nil && state.leadText == nil && state.team == nil)
    }

    @Test func raceShowsTheMateAndWhoLeads() {
        let model = makeRunningViewModel(for: setting(.race))
        let ahead = model.state(for: data(.race, mine: 2.5, seconds: 900, mate: 2.38))
        #expect(ahead.mate?.name == "kim")
        #expect(ahead.mate?.distanceText == "2.38 km")
        #expect(ahead.mate?.progress == 47)
        #expect(ahead.leadText == "You lead by 0.12 km")
        #expect(model.state(for: data(.race, mine: 1, seconds: 900, mate: 1.5)).leadText == "kim leads by 0.50 km")
        #expect(model.state(for: data(.race, mine: 1.001, seconds: 900, mate: 1.002)).leadText == "Level")
    }

    @Test func aSilentMateIsMarkedDisconnected() {
        let state = makeRunningViewModel(for: setting(.race)).state(for: data(.race, mine: 1, seconds: 60, mate: 0.5, connected: false))
        #expect(state.mate?.note == "mate lost")
        let ended = makeRunningViewModel(for: setting(.team)).state(for: data(.team, mine: 1, seconds: 60, mate: 0.5, status: .trackEnded))
        #expect(ended.mate?.note == "track ended")
    }

    @Test func teamShowsTheTotalClampedToTheGoal() {
        let model = makeRunningViewModel(for: setting(.team))
        let state = model.state(for: data(.team, mine: 1.5, seconds: 600, mate: 2))
        #expect(state.team?.distanceText == "3.50 km")
        #expect(state.team?.progress == 70)
        #expect(state.leadText == nil)
        #expect(model.state(for: data(.team, mine: 3, seconds: 600, mate: 2.2)).team?.progress == 100)
        #expect(model.state(for: data(.team, mine: 3, seconds: 600, mate: 2.2)).team?.distanceText == "5.00 km")
    }
}
