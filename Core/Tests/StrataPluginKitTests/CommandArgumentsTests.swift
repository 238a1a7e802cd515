import StrataPluginKit
import Testing

@Suite struct CommandArgumentsTests {
    let options: Set<String> = ["--page", "--year"]
    let flags: Set<String> = ["--json", "--verbose"]

    @Test func optionsFlagsAndPositionalsAreToldApart() throws {
        let arguments = try CommandArguments(["dune", "--page", "2", "--json", "part", "two"], options: options, flags: flags)

        #expect(arguments.positionals == ["dune", "part", "two"])
        #expect(arguments.value("--page") == "2")
        #expect(arguments.has("--json"))
        #expect(!arguments.has("--verbose"))
        #expect(arguments.value("--year") == nil)
    }

    @Test func anOptionMayCarryItsValueAfterAnEqualsSign() throws {
        let arguments = try CommandArguments(["--page=3", "--year=1984=odd"], options: options)

        #expect(arguments.value("--page") == "3")
        #expect(arguments.value("--year") == "1984=odd")
        #expect(arguments.positionals.isEmpty)
    }

    @Test func anEmptyValueAfterTheEqualsSignIsTheValue() throws {
        let arguments = try CommandArguments(["--year=", "dune"], options: options)

        #expect(arguments.value("--year") == "")
        #expect(arguments.positionals == ["dune"])
    }

    @Test func aRepeatedOptionKeepsEveryValueAndTheLastWins() throws {
        let arguments = try CommandArguments(["--year", "1984", "--year=2021"], options: options)

        #expect(arguments.values("--year") == ["1984", "2021"])
        #expect(arguments.value("--year") == "2021")
    }

    @Test func everythingAfterDoubleDashIsPositional() throws {
        let arguments = try CommandArguments(["--json", "--", "--page", "-x", "--"], options: options, flags: flags)

        #expect(arguments.has("--json"))
        #expect(arguments.positionals == ["--page", "-x", "--"])
        #expect(arguments.value("--page") == nil)
    }

    @Test func negativeNumbersAndALoneDashArePositional() throws {
        let arguments = try CommandArguments(["-5", "-", "-0.5"], options: options, flags: flags)

        #expect(arguments.positionals == ["-5", "-", "-0.5"])
    }

    @Test func anOptionValueMayLookLikeANegativeNumber() throws {
        let arguments = try CommandArguments(["--page", "-1"], options: options)

        #expect(arguments.value("--page") == "-1")
    }

    @Test func anUnknownOptionIsAUsageErrorListingTheKnownOnes() {
        #expect(throws: CommandError.usage("unknown option --pages (known: --json, --page, --verbose, --year)")) {
            try CommandArguments(["--pages", "2"], options: options, flags: flags)
        }
        #expect(throws: CommandError.usage("unknown option -v")) { try CommandArguments(["-v"]) }
    }

    /// Text that starts with a dash: with a space it can't be an option; without one, the error says to
    /// put `--` before it (for a command that takes text).
    @Test func textStartingWithADashIsTakenOrTheErrorSaysToPutDashesBeforeIt() throws {
        let sentence = try CommandArguments(["-5 points on my exam", "--json"], flags: flags, takesPositionals: true)
        #expect(sentence.positionals == ["-5 points on my exam"] && sentence.has("--json"))
        #expect(try CommandArguments(["--page=2 or 3"], options: options).value("--page") == "2 or 3", "a space after = is the value's")
        #expect(throws: CommandError.usage(#"unknown option -5points (known: --json, --verbose). Text that starts with a dash goes after --: -- "-5points""#)) {
            try CommandArguments(["-5points"], flags: flags, takesPositionals: true)
        }
        #expect(try CommandArguments(["--", "-5points"], takesPositionals: true).positionals == ["-5points"])
    }

    @Test func aFlagGivenAValueIsRefused() {
        #expect(throws: CommandError.self) { try CommandArguments(["--json=yes"], flags: flags) }
        #expect(throws: CommandError.self) { try CommandArguments(["--json="], flags: flags) }
    }

    @Test func anOptionWithoutItsValueIsAUsageError() {
        #expect(throws: CommandError.usage("--page needs a value")) {
            try CommandArguments(["dune", "--page"], options: options)
        }
    }

    @Test func aMissingPositionalIsAUsageErrorNamingIt() throws {
        let arguments = try CommandArguments(["dune"])

        #expect(try arguments.positional(0, "QUERY") == "dune")
        #expect(throws: CommandError.usage("missing YEAR")) { try arguments.positional(1, "YEAR") }
    }

    @Test func usageErrorsExitWith2AndFailuresWith1() {
        #expect(CommandError.usage("x").exitCode == 2)
        #expect(CommandError.failure("x").exitCode == 1)
        #expect(CommandError.failure("TMDB is down").description == "TMDB is down")
    }
}
