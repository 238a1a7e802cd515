import Testing
import RunningTesting
@testable import RunningPresentation

struct RunningFormatTests {
    /// A run from a damaged history file (a time of Int.max seconds) has no pace; converting it trapped.
    @Test func aPaceNoRunCouldHaveIsADash() {
        #expect(RunningFormat.pace(.stub(distanceKm: 0.02, elapsedSeconds: .max)) == "-")
        #expect(RunningFormat.pace(.stub(distanceKm: 1, elapsedSeconds: -5)) == "-")
        #expect(RunningFormat.pace(.stub(distanceKm: 5, elapsedSeconds: 1500)) == "5:00/km")
    }

    /// Calories of -1e308 in a damaged history file trapped `running history` and `records` (SIGILL), after
    /// which Running was skipped as crashed.
    @Test func caloriesNoRunCouldBurnAreADash() {
        #expect(RunningFormat.calories(-1e308) == "-")
        #expect(RunningFormat.calories(1e308) == "-")
        #expect(RunningFormat.calories(.nan) == "-")
        #expect(RunningFormat.calories(152.6) == "153")
    }

    @Test func elapsedTimeIsMinutesSecondsBelowAnHourAndHoursFromOneHour() {
        #expect(RunningFormat.elapsedTime(0) == "00:00")
        #expect(RunningFormat.elapsedTime(65) == "01:05")
        #expect(RunningFormat.elapsedTime(3599) == "59:59")
        #expect(RunningFormat.elapsedTime(3600) == "1:00:00")
        #expect(RunningFormat.elapsedTime(4 * 3600 + 5 * 60 + 7) == "4:05:07")
    }

    /// One rule for every length shown: two decimals, cut (3.099 km read 3.10 in a result and the history,
    /// 3.09 in `running track`).
    @Test func everyDistanceHasTwoDecimalsCutNeverMoreThanThereIs() {
        #expect(RunningFormat.distance(5) == "5.00")
        #expect(RunningFormat.distance(3.14159) == "3.14")
        #expect(RunningFormat.distance(12.345678) == "12.34")
        #expect(RunningFormat.distance(3.099) == "3.09")
        #expect(RunningFormat.distance(0.1299) == "0.12")
        #expect(RunningFormat.distance(4.999_999_999_9) == "5.00", "a float a hair under the goal is the goal")
        #expect(RunningFormat.progress(0.696, of: 1) == 69, "the percentage of the distance as shown, 0.69")
    }

    @Test func percentagesAreWholeAndOnlyHundredWhenDone() {
        #expect(RunningFormat.progress(2.5, of: 5) == 50)
        #expect(RunningFormat.progress(4.999, of: 5) == 99)
        #expect(RunningFormat.progress(5, of: 5) == 100)
        #expect(RunningFormat.progress(7, of: 5) == 100)
        #expect(RunningFormat.progress(1, of: 0) == 0)
        #expect(RunningFormat.percent(0.4) == 40)
        #expect(RunningFormat.percent(0.29) == 29)
        #expect(RunningFormat.percent(2.0 / 3.0) == 67, "rounded to the nearest, as a team's parts must be to add up")
        #expect(RunningFormat.percent(0.996) == 99, "not done")
        #expect(RunningFormat.count(1, "point") == "1 point" && RunningFormat.count(0, "run") == "0 runs")
    }
}
