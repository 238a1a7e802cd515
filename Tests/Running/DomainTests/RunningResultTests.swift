import Testing
@testable import RunningDomain

struct RunningResultTests {
    private func data(_ mode: RunningMode, mine: Double, mate: Double?, seconds: Int = 600) -> RunningData {
        RunningData(mode: mode, targetDistanceKm: 5,
                    mine: RealTimeData(elapsedDistanceKm: mine, elapsedSeconds: seconds),
                    mate: mate.map { MateStatus(nickname: "kim", progress: RunnerProgress(
                        data: RealTimeData(elapsedDistanceKm: $0, elapsedSeconds: seconds), status: .running)) },
                    calories: 42)
    }

    @Test func resultDistanceIsClampedToTheTarget() {
        let setting = RunningSetting(mode: .single, targetDistanceKm: 5, myNickname: "me")
        let result = RunningResult(setting: setting, data: data(.single, mine: 5.37, mate: nil), ending: .finished)
        #expect(result.distanceKm == 5)
        #expect(result.mate == nil)
        #expect(result.calories == 42)
    }

    @Test func raceWinnerIsTheUserWhenMineIsAtLeastTheMates() {
        let setting = RunningSetting(mode: .race, targetDistanceKm: 5, myNickname: "me")
        let won = RunningResult(setting: setting, data: data(.race, mine: 5.2, mate: 4.8), ending: .finished)
        #expect(won.isUserWinner == true)
        #expect(won.mate?.distanceKm == 4.8)
        #expect(won.mate?.nickname == "kim")
        let lost = RunningResult(setting: setting, data: data(.race, mine: 4.1, mate: 5.3), ending: .finished)
        #expect(lost.isUserWinner == false)
        #expect(lost.mate?.distanceKm == 5)
        // Both over the goal in the same second: clamped to a tie, and a tie goes to the user (mine ≥ mate's).
        let tie = RunningResult(setting: setting, data: data(.race, mine: 5.1, mate: 5.4), ending: .finished)
        #expect(tie.isUserWinner == true)
    }

    @Test func aCancelledRaceHasNoWinner() {
        let setting = RunningSetting(mode: .race, targetDistanceKm: 5, myNickname: "me")
        let result = RunningResult(setting: setting, data: data(.race, mine: 3, mate: 1), ending: .cancelledByMate)
        #expect(result.isUserWinner == false)
        #expect(result.isCancelled)
        #expect(!result.isFinished)
    }

    @Test func teamContributionIsMyShareOfTheTotal() {
        let setting = RunningSetting(mode: .team, targetDistanceKm: 5, myNickname: "me")
        let result = RunningResult(setting: setting, data: data(.team, mine: 2, mate: 3), ending: .finished)
        #expect(result.contribution == 0.4)
        #expect(result.teamTotalKm == 5)
        #expect(result.isUserWinner == nil)
        let nothing = RunningResult(setting: setting, data: data(.team, mine: 0, mate: 0), ending: .cancelled)
        #expect(nothing.contribution == 0)
    }

    @Test func soloResultsHaveNeitherWinnerNorContribution() {
        let setting = RunningSetting(mode: .single, targetDistanceKm: 5, myNickname: "me")
        let result = RunningResult(setting: setting, data: data(.single, mine: 5, mate: 3), ending: .finished)
        #expect(result.isUserWinner == nil)
        #expect(result.contribution == nil)
        #expect(result.mate == nil)
    }
}
