import Testing
import RunningDomain
import RunningTesting
@testable import RunningPresentation

struct RunningResultViewStateTests {
    @Test func raceWinnerAndLoserTexts() {
        let won = RunningResultViewState(result: .stub(mode: .race, distanceKm: 5, mate: MateResult(nickname: "kim", distanceKm: 4.2, elapsedSeconds: 1500)))
        #expect(won.title == "You won!")
        #expect(won.winnerText == "You beat kim by 0.80 km")
        let lost = RunningResultViewState(result: .stub(mode: .race, distanceKm: 4.75, mate: MateResult(nickname: "kim", distanceKm: 5, elapsedSeconds: 1500)))
        #expect(lost.title == "Kim won.")
        #expect(lost.winnerText == "Kim reached the goal first; you were 0.25 km behind")
        #expect(lost.distanceText == "4.75 / 5.00 km")
        #expect(lost.progress == 95)
    }

    /// The loser ran on to the goal: the gap is the one when the winner got there, and the time after them.
    @Test func theLoserWhoRanOnReadsHowFarBehindAndHowLongAfter() {
        let mate = MateResult(nickname: "kim", distanceKm: 5, elapsedSeconds: 1400, finishedAtSeconds: 1400, myKmAtTheirFinish: 4.6)
        let lost = RunningResultViewState(result: .stub(mode: .race, distanceKm: 5, elapsedSeconds: 1500, mate: mate))
        #expect(lost.winnerText == "Kim reached the goal first; you were 0.40 km behind and finished 01:40 after")
        let json = RunResultJSON(lost.result)
        #expect(json.behindKm == 0.4 && json.behindSeconds == 100)
    }

    @Test func teamContributionIsAWholePercentage() {
        let model = RunningResultViewState(result: .stub(mode: .team, distanceKm: 1.7, mate: MateResult(nickname: "kim", distanceKm: 3.3, elapsedSeconds: 900)))
        #expect(model.title == "Team goal reached!")
        #expect(model.teamText == "Team 5.00 / 5.00 km (100 %)")
        #expect(model.contributionText == "Your contribution: 34 %")
        #expect(model.winnerText == nil)
    }

    /// A team result once read "Distance 0.10 / 0.20 km (50 %)" beside "Your contribution: 47 %" for 0.10 +
    /// 0.11 km: two figures for my part. My share is the contribution, of the distances as shown.
    @Test func aTeamResultGivesMyShareOnce() {
        let model = RunningResultViewState(result: .stub(mode: .team, targetKm: 0.2, distanceKm: 0.0999,
                                                         mate: MateResult(nickname: "kim", distanceKm: 0.11, elapsedSeconds: 60)))
        #expect(model.lines.contains("Distance  0.09 / 0.20 km"), "\(model.lines)")
        #expect(model.contributionText == "Your contribution: 45 %", "0.09 of 0.09 + 0.11 km")
        #expect(!model.lines.contains { $0.hasPrefix("Distance") && $0.contains("%") }, "\(model.lines)")
    }

    @Test func cancelledRunsSayWhoStopped() {
        #expect(RunningResultViewState(result: .stub(ending: .cancelled)).title == "Run cancelled")
        let byMate = RunningResultViewState(result: .stub(mode: .race, distanceKm: 2, ending: .cancelledByMate,
                                                          mate: MateResult(nickname: "kim", distanceKm: 1, elapsedSeconds: 60)))
        #expect(byMate.title == "Cancelled by kim")
        #expect(byMate.winnerText == nil)
        #expect(RunningResultViewState(result: .stub(ending: .trackEnded)).title == "The track ended before the goal")
    }

    @Test func linesCarryTimeDistanceAndCalories() {
        let lines = RunningResultViewState(result: .stub(distanceKm: 5, elapsedSeconds: 1505, calories: 301.4)).lines
        #expect(lines == ["Goal reached!", "Time      25:05", "Distance  5.00 / 5.00 km (100 %)", "Calories  301 kcal"])
    }
}
