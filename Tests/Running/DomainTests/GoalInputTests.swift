import Testing
@testable import RunningDomain

struct GoalInputTests {
    @Test func emptyOrZeroMeansTheDefaultGoal() {
        #expect(GoalInput.parse(nil) == .success(5))
        #expect(GoalInput.parse("  ") == .success(5))
        #expect(GoalInput.parse("0") == .success(5))
        #expect(GoalInput.parse("0.00") == .success(5))
        #expect(GoalInput.parse("", defaultKm: 10) == .success(10))
    }

    @Test func acceptsUpToTwoDecimals() {
        #expect(GoalInput.parse("10.5") == .success(10.5))
        #expect(GoalInput.parse("3.14") == .success(3.14))
        #expect(GoalInput.parse("42.19") == .success(42.19))
        #expect(GoalInput.parse("100") == .success(100))
    }

    @Test func refusesInvalidInputWithTheReason() {
        #expect(GoalInput.parse("3.141") == .failure(.tooManyDecimals("3.141")))
        #expect(GoalInput.parse("five") == .failure(.notANumber("five")))
        #expect(GoalInput.parse("5km") == .failure(.notANumber("5km")))
        #expect(GoalInput.parse("nan") == .failure(.notANumber("nan")))
        #expect(GoalInput.parse("-2") == .failure(.negative("-2")))
        #expect(GoalInput.parse("100.01") == .failure(.tooLong("100.01")))
    }
}
