import Testing
import RunningDomain
@testable import RunningPresentation

struct RunningViewStateTests {
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
        let state = RunningViewState(data(.single, mine: 1.256, seconds: 3725), setting: setting(.single))
        #expect(state.title == "Running 5.00 km")
        #expect(state.timeText == "1:02:05")
        #expect(state.me.distanceText == "1.25 km", "cut, as every length is shown")
        #expect(state.me.progress == 25)
        #expect(abs(state.me.fraction - 0.2512) < 1e-9)
        #expect(state.caloriesText == "124 kcal")
        #expect(state.mate == nil && state.leadText == nil && state.team == nil)
    }

    @Test func raceShowsTheMateAndWhoLeads() {
        let race = setting(.race)
        let ahead = RunningViewState(data(.race, mine: 2.5, seconds: 900, mate: 2.38), setting: race)
        #expect(ahead.mate?.name == "kim")
        #expect(ahead.mate?.distanceText == "2.38 km")
        #expect(ahead.mate?.progress == 48, "2.38 of 5 km is 47.6 %")
        #expect(ahead.leadText == "You lead by 0.12 km")
        #expect(RunningViewState(data(.race, mine: 1, seconds: 900, mate: 1.5), setting: race).leadText == "kim leads by 0.50 km")
        #expect(RunningViewState(data(.race, mine: 1.001, seconds: 900, mate: 1.002), setting: race).leadText == "Level")
    }

    @Test func aSilentMateIsMarkedDisconnected() {
        let state = RunningViewState(data(.race, mine: 1, seconds: 60, mate: 0.5, connected: false), setting: setting(.race))
        #expect(state.mate?.note == "mate lost")
        let ended = RunningViewState(data(.team, mine: 1, seconds: 60, mate: 0.5, status: .trackEnded), setting: setting(.team))
        #expect(ended.mate?.note == "track ended")
    }

    /// What is shown agrees with itself: 0.696 km reads "0.69 km" (cut, as every length), so 14 % of 5 km (13.8 %
    /// to the nearest); 99.9 % is not done.
    @Test func aPercentageAgreesWithTheDistanceShown() {
        let state = RunningViewState(data(.single, mine: 0.696, seconds: 300), setting: setting(.single))
        #expect(state.me.distanceText == "0.69 km" && state.me.progress == 14)
        #expect(RunningViewState(data(.single, mine: 4.996, seconds: 300), setting: setting(.single)).me.progress == 99)
        #expect(RunningFormat.progress(0.7, of: 1) == 70)
    }

    /// A team's two bars add up to the team's: 45.6 % + 54.4 % once read 45 % + 54 % of a full team bar.
    @Test func aTeamsPartsAddUpToTheTeam() {
        let state = RunningViewState(data(.team, mine: 2.28, seconds: 600, mate: 2.72), setting: setting(.team))
        #expect(state.team?.progress == 100)
        #expect((state.me.progress, state.mate?.progress) == (46, 54))
    }

    @Test func teamShowsTheTotalClampedToTheGoal() {
        let team = setting(.team)
        let state = RunningViewState(data(.team, mine: 1.5, seconds: 600, mate: 2), setting: team)
        #expect(state.team?.distanceText == "3.50 km")
        #expect(state.team?.progress == 70)
        #expect(state.leadText == nil)
        #expect(RunningViewState(data(.team, mine: 3, seconds: 600, mate: 2.2), setting: team).team?.progress == 100)
        #expect(RunningViewState(data(.team, mine: 3, seconds: 600, mate: 2.2), setting: team).team?.distanceText == "5.00 km")
    }
}
