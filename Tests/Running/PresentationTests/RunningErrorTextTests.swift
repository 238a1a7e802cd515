import RunningDomain
import RunningPresentation
import Testing

/// The words for each refusal: what happened and what to do next.
@Suite struct RunningErrorTextTests {
    @Test func aGoalOutOfRangeNamesTheLimitAndTheRounding() {
        #expect(RunningErrorText.text(GoalInput.Problem.tooLong("120")) == "the goal 120 km is longer than the maximum of 100.00 km")
        #expect(RunningErrorText.text(GoalInput.Problem.tooManyDecimals("3.141")).contains("two decimals"))
    }

    @Test func aTrackWithoutTimesAsksForAPace() {
        #expect(RunningErrorText.text(ReplayTimeline.Problem.needsPace(fileName: "plain.gpx", untimedPoints: 11, points: 11))
                == "the track plain.gpx has no time on 11 of its 11 points, so it can't be replayed by its clock; give a pace, e.g. --pace 5:30 (minutes per km)")
        #expect(RunningErrorText.text(ReplayTimeline.Problem.implausiblePace(fileName: "car.gpx", secondsPerKm: 60)).contains("moves at 01:00/km"))
    }

    @Test func aShortTrackSaysHowFarItGoes() {
        #expect(RunningErrorText.text(RunRequestProblem.tooShort(trackKm: 4.567, goalKm: 5, mode: .single))
                .hasPrefix("the track adds up to 4.56 km, less than the 5.00 km goal"))
        #expect(RunningErrorText.text(RunRequestProblem.tooShort(trackKm: 3.099, goalKm: 5, mode: .single)).contains("at most 3.09 km"))
    }

    @Test func anotherErrorIsShownAsItDescribesItself() {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk on fire" } }
        #expect(RunningErrorText.text(Broken()) == "disk on fire")
    }
}
