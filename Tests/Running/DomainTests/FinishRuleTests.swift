import Testing
@testable import RunningDomain

struct FinishRuleTests {
    @Test func singleFinishesWhenMyDistanceReachesTheTarget() {
        #expect(!FinishRule.isFinished(mode: .single, targetKm: 5, myKm: 4.99, mateKm: 10))
        #expect(FinishRule.isFinished(mode: .single, targetKm: 5, myKm: 5, mateKm: 0))
    }

    /// MateRunner: the race ends for each runner at their own goal; the mate at the goal doesn't end mine.
    @Test func aRaceFinishesForEachRunnerAtTheirOwnGoal() {
        #expect(!FinishRule.isFinished(mode: .race, targetKm: 5, myKm: 4.9, mateKm: 4.9))
        #expect(FinishRule.isFinished(mode: .race, targetKm: 5, myKm: 5.01, mateKm: 1))
        #expect(!FinishRule.isFinished(mode: .race, targetKm: 5, myKm: 1, mateKm: 5))
    }

    @Test func teamFinishesWhenTheSumReachesTheTarget() {
        #expect(!FinishRule.isFinished(mode: .team, targetKm: 5, myKm: 2.4, mateKm: 2.5))
        #expect(FinishRule.isFinished(mode: .team, targetKm: 5, myKm: 2.5, mateKm: 2.5))
        #expect(!FinishRule.isFinished(mode: .single, targetKm: 5, myKm: 2.5, mateKm: 2.5))
    }
}
