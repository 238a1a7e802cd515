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
}
