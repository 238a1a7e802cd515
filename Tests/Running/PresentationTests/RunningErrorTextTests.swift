import RunningDomain
import RunningPresentation
import Testing

/// The words for each refusal: what happened and what to do next.
@Suite struct RunningErrorTextTests {
    @Test func aGoalOutOfRangeNamesTheLimitAndTheRounding() {
        #expect(RunningErrorText.text(GoalInput.Problem.tooLong("120")) == "the goal 120 km is longer than the maximum of 100.00 km")
        #expect(RunningErrorText.text(GoalInput.Problem.tooManyDecimals("3.141")).contains("two decimals"))
    }

    /// A claimed distance is shown without trusting it: never a 300-digit number.
    @Test func anImpossiblePositionIsToldWithoutItsDigits() {
        let text = RunningErrorText.text(LiveSessionError.impossiblePosition(km: 1e308, seconds: 3), for: .commandLine)
        #expect(text == "the mate sent an impossible position (1e+308 km after 00:03); the race ends with no winner and is not saved. "
                + "Race someone whose strata you trust")
    }

    @Test func aTrackWithoutTimesAsksForAPace() {
        #expect(RunningErrorText.text(ReplayTimeline.Problem.needsPace(fileName: "plain.gpx", untimedPoints: 11, points: 11), for: .commandLine)
                == "the track plain.gpx has no times, so it can't be replayed by its clock; give a pace, e.g. --pace 5:30 (minutes per km)")
        #expect(RunningErrorText.text(ReplayTimeline.Problem.needsPace(fileName: "gappy.gpx", untimedPoints: 291, points: 296), for: .commandLine)
                .hasPrefix("the track gappy.gpx has a time on only 5 of its 296 points"))
        #expect(RunningErrorText.text(ReplayTimeline.Problem.implausiblePace(fileName: "car.gpx", secondsPerKm: 60), for: .commandLine).contains("moves at 01:00/km"))
    }

    @Test func aShortTrackSaysHowFarItGoes() {
        #expect(RunningErrorText.text(RunRequestProblem.tooShort(trackKm: 4.567, goalKm: 5, mode: .single), for: .commandLine)
                .hasPrefix("the track adds up to 4.56 km, less than the 5.00 km goal"))
        #expect(RunningErrorText.text(RunRequestProblem.tooShort(trackKm: 3.099, goalKm: 5, mode: .single), for: .commandLine).contains("at most 3.09 km"))
    }

    /// A live session's refusal says what happened to which session and what to do next.
    @Test func aLiveSessionProblemNamesTheSessionAndTheWayOut() {
        #expect(RunningErrorText.text(LiveSessionError.inviteTimedOut(id: "RACE42", seconds: 2.5), for: .commandLine)
                == "no mate joined session RACE42 within 2.5 s; the invitation is cancelled. Start the mate sooner or raise inviteTimeoutSeconds")
        #expect(RunningErrorText.text(LiveSessionError.alreadyExists(id: "RACE42", path: "/s/running-RACE42.sqlite"), for: .commandLine)
                .hasSuffix("choose another id or leave out --session for a new one"))
        #expect(RunningErrorText.text(LiveSessionError.refused(endpoint: "10.0.0.2:7070", reason: "wrong join code"), for: .commandLine)
                == "the host at 10.0.0.2:7070 refused to let you join: wrong join code")
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
