import StrataTerminal
import Testing

@testable import StrataHost

/// `strata --help` and the other usage listings on a terminal: before, a line of `plugins top` ran to 200
/// columns and the terminal broke it anywhere, under the command column. Now the summary wraps to the width,
/// under its own column; to a pipe the lines stay whole, as scripts read them.
@Suite struct ConsoleListingTests {
    let rows = [
        ["  plugins top [--window today|all] [--json]", "what each plugin's helpers cost: activations, commands, wall and CPU time, peak memory"],
        ["  plugins retry ID", "forget that a plugin crashed strata"],
    ]

    @Test func onATerminalTheSummaryWrapsUnderItsOwnColumn() {
        let lines = Console.listing(rows, width: 80).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.displayWidth <= 80 }, "\(lines)")
        let column = "  plugins top [--window today|all] [--json]  ".count
        #expect(lines[0].hasPrefix(rows[0][0] + "  what each plugin's"), "\(lines)")
        #expect(lines[1].hasPrefix(String(repeating: " ", count: column)) && lines[1].dropFirst(column).first != " ", "\(lines)")
        let summary = lines.prefix { !$0.hasPrefix("  plugins retry") }.map { $0.dropFirst(column) }.joined(separator: " ")
        #expect(summary == rows[0][1], "every word, in order: \(lines)")
        #expect(lines.last == "  plugins retry ID" + String(repeating: " ", count: column - 2 - "  plugins retry ID".count) + "  forget that a plugin crashed strata")
    }

    @Test func toAPipeTheLinesStayWhole() {
        #expect(Console.listing(rows, width: nil) == Console.table(rows))
    }

    /// Where the summaries' column would be narrower than 30 cells (`strata plugins --help` at 80 columns has
    /// commands of 63), each summary goes under its command instead, indented.
    @Test func whereTheColumnWouldBeTooNarrowEachSummaryGoesUnderItsCommand() {
        let lines = Console.listing(rows, width: 60).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.displayWidth <= 60 }, "\(lines)")
        #expect(lines[0] == rows[0][0] && lines[1].hasPrefix("      what each plugin's"), "\(lines)")
        #expect(lines.prefix { !$0.hasPrefix("  plugins retry") }.dropFirst().map { $0.dropFirst(6) }.joined(separator: " ") == rows[0][1], "\(lines)")
        #expect(lines.suffix(2) == [rows[1][0], "      " + rows[1][1]], "\(lines)")
    }
}

/// A host answer that has no JSON form (a number that isn't finite) fails the command: before, `null` was
/// written and strata exited 0, so a script took it for an answer. (Standard error gets the sentence.)
@Suite struct ConsoleJSONTests {
    @Test func anAnswerWithoutAJSONFormFailsTheCommand() {
        #expect(Console.exitCode(0) == 0, "nothing failed yet in this process")
        Console.writeJSON(["seconds": Double.infinity])
        #expect(Console.exitCode(0) == 1)
        #expect(Console.exitCode(3) == 3, "a failure keeps its own code")
    }
}
