import Foundation
import StrataPluginKit
import Synchronization
import Testing

/// What a command writes through its ``CommandInvocation``.
@Suite struct CommandInvocationTests {
    struct Note: Encodable {
        let text: String
        let created: Date
    }

    /// A `Date` reads as a date (before: 821_174_400, JSONEncoder's seconds since 2001).
    @Test func writeJSONWritesADateInISO8601() throws {
        let written = Mutex("")
        let invocation = CommandInvocation(arguments: [], output: { text in written.withLock { $0 += text } }, error: { _ in })
        try invocation.writeJSON(Note(text: "milk", created: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(written.withLock { $0 } == "{\n  \"created\" : \"2027-01-15T08:00:00Z\",\n  \"text\" : \"milk\"\n}\n")
    }

    struct Run: Encodable {
        let distanceKm: Double
    }

    /// An answer with a number JSON can't hold (a damaged database's `inf`) fails the command with a sentence
    /// that says where, and nothing on standard output. Before: "EncodingError.invalidValue(inf, Swift.Encoding…".
    @Test func anAnswerWithoutAJSONFormFailsSayingWhere() async {
        let written = Mutex("")
        let errors = Mutex("")
        let invocation = CommandInvocation(arguments: [], output: { text in written.withLock { $0 += text } }, error: { text in errors.withLock { $0 += text } })
        let command = PluginCommand(path: ["history"]) { _, invocation in try invocation.writeJSON(["runs": [Run(distanceKm: .infinity)]]) }
        let code = await command.execute(CommandArguments(positionals: [], options: [:], flags: []), pluginID: "running", usage: "strata running history", invocation: invocation)
        #expect(code == 1)
        #expect(written.withLock { $0 }.isEmpty)
        #expect(
            errors.withLock { $0 }.hasPrefix(
                "running: can't write the answer as JSON: runs[0].distanceKm is inf, which JSON can't hold; the data it came from may be damaged"),
            "\(errors.withLock { $0 })")
    }
}
