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
        #expect(RunningErrorText.text(ReplayTimeline.Problem.needsPace(fileName: "plain.gpx", untimedPoints: 11, points: 11), for: .commandLine)
                == "the track plain.gpx has no time on 11 of its 11 points, so it can't be replayed by its clock; give a pace, e.g. --pace 5:30 (minutes per km)")
        #expect(RunningErrorText.text(ReplayTimeline.Problem.implausiblePace(fileName: "car.gpx", secondsPerKm: 60), for: .commandLine).contains("moves at 01:00/km"))
    }

    @Test func aShortTrackSaysHowFarItGoes() {
        #expect(RunningErrorText.text(RunRequestProblem.tooShort(trackKm: 4.567, goalKm: 5, mode: .single), for: .commandLine)
                .hasPrefix("the track adds up to 4.56 km, less than the 5.00 km goal"))
        #expect(RunningErrorText.text(RunRequestProblem.tooShort(trackKm: 3.099, goalKm: 5, mode: .single), for: .commandLine).contains("at most 3.09 km"))
    }

    @Test func anotherErrorIsShownAsItDescribesItself() {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk on fire" } }
        #expect(RunningErrorText.text(Broken(), for: .commandLine) == "disk on fire")
    }

    /// The app names its fields, not the command line's flags.
    @Test func theScreensNameTheFormsFieldsNotFlags() {
        let needsPace = RunningErrorText.text(ReplayTimeline.Problem.needsPace(fileName: "plain.gpx", untimedPoints: 11, points: 11),
                                              for: .screens)
        #expect(needsPace.hasSuffix("give a pace in the Pace field, e.g. 5:30 (minutes per km)"))
        let mate = RunningErrorText.text(RunRequestProblem.mateMissing(.race), for: .screens)
        #expect(mate == "a race run needs a mate: give a GPX file in the Mate track field")
        for text in [needsPace, mate] { #expect(!text.contains("--"), "\(text)") }
    }
}
