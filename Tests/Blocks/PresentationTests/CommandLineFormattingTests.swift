import BlocksDomain
import BlocksPresentation
import BlocksTesting
import Foundation
import Testing

struct CommandLineFormattingTests {
    @Test(arguments: [("50m", 3_000), ("10m", 600), ("1h30m", 5_400), ("1h 5m 10s", 3_910), ("90s", 90),
                      ("2H", 7_200), ("25", 1_500), ("0", 0)])
    func parsesDurations(text: String, seconds: Int) {
        #expect(DurationText.seconds(from: text) == seconds)
    }

    /// Past what an Int of seconds holds is no duration, not a trap: 153722867280912931 minutes, 2562047788015216 h.
    @Test(arguments: ["", "m", "5x", "-5", "1h30", "h5", "153722867280912931", "2562047788015216h", "9223372036854775807s1s"])
    func refusesWhatIsNotADuration(text: String) {
        #expect(DurationText.seconds(from: text) == nil)
    }

    @Test func formatsDurations() {
        #expect(DurationText.text(5_400) == "1h 30m")
        #expect(DurationText.text(3_000) == "50m")
        #expect(DurationText.text(0) == "0s")
    }

    /// `daily show` of a daily written into the file by hand added its start to a length past Int's range
    /// and trapped; a length an Int counts still ends at its time of day.
    @Test func showOfADailyThatNeverEndsSaysSo() {
        let huge = Daily.stub(repeatCount: .max, focusSeconds: .max, breakSeconds: .max)
        #expect(huge.shownText.contains("start:   09:00, ends never\n"), "\(huge.shownText)")
        #expect(Daily.stub().shownText.contains("start:   09:00, ends 13:00\n"), "\(Daily.stub().shownText)")
    }

    /// `show` printed the id as a full uppercase UUID where the lists print its first 8 digits lowercase.
    @Test func showPrintsTheIdAsTheListsDo() {
        let timer = FocusTimer.stub(id: UUID(uuidString: "3F2A9C1E-0000-4000-8000-0000000000E1")!)
        #expect(ShortID.text(timer.id) == "3f2a9c1e")
        #expect(timer.shownText.contains("id:        3f2a9c1e-0000-4000-8000-0000000000e1\n"), "\(timer.shownText)")
        #expect(Block.stub(id: timer.id).shownText.contains("3f2a9c1e-0000-4000-8000-0000000000e1"))
        #expect(Daily.stub(id: timer.id).shownText.contains("3f2a9c1e-0000-4000-8000-0000000000e1"))
    }

    @Test func parsesAndFormatsTimesOfDay() {
        #expect(ClockTimeText.seconds(from: "09:00") == 32_400)
        #expect(ClockTimeText.seconds(from: "0:00") == 0)
        #expect(ClockTimeText.seconds(from: "21:30:15") == 77_415)
        #expect(ClockTimeText.seconds(from: "24:00") == nil)
        #expect(ClockTimeText.seconds(from: "9") == nil)
        #expect(ClockTimeText.seconds(from: "09:60") == nil)
        #expect(ClockTimeText.text(32_400) == "09:00")
        #expect(ClockTimeText.text(77_415) == "21:30:15")
    }

    @Test func clockJSONHasTheIssuesFields() throws {
        let daily = Daily.stub()
        let state = ClockState(mode: RunningMode(kind: .daily, itemID: daily.id, startedAt: Date(timeIntervalSince1970: 0)),
                               title: "Study", phase: .breakTime, remainingSeconds: 510,
                               phaseEndsAt: Date(timeIntervalSince1970: 600), phaseSeconds: 600, round: 1, rounds: 4)
        let object = try json(BlocksJSON.Clock(state))
        #expect(object["mode"] as? String == "daily")
        #expect(object["title"] as? String == "Study")
        #expect(object["phase"] as? String == "break")
        #expect(object["remainingSeconds"] as? Int == 510)
        #expect(object["remaining"] as? String == "0:08:30")
        #expect(object["running"] as? Bool == true)
        #expect(object["phaseEndsAt"] as? String == "1970-01-01T00:10:00Z")
    }

    @Test func clockJSONWhenNothingRunsHasNullFields() throws {
        let object = try json(BlocksJSON.Clock(nil))
        #expect(object["running"] as? Bool == false)
        #expect(object["mode"] is NSNull)
        #expect(object["remainingSeconds"] is NSNull)
    }

    @Test func listJSONIsAnArrayOfObjectsWithIdAndTitle() throws {
        let data = try JSONEncoder().encode([BlocksJSON.BlockItem(.stub())])
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array[0]["id"] as? String == Block.stub().id.uuidString)
        #expect(array[0]["title"] as? String == "Deep work")
        #expect(array[0]["hours"] as? Int == 4)
    }

    @Test func findsItemsByIdPrefixOrTitle() throws {
        let a = Block.stub(id: UUID(uuidString: "AAAA1111-0000-0000-0000-000000000000")!, title: "Deep work")
        let b = Block.stub(id: UUID(uuidString: "AAAA2222-0000-0000-0000-000000000000")!, title: "Reading")
        let items = [a, b]
        #expect(try ItemLookup.find(a.id.uuidString, in: items, kind: .block, title: \.title) == a)
        #expect(try ItemLookup.find("aaaa2", in: items, kind: .block, title: \.title) == b)
        #expect(try ItemLookup.find("deep WORK", in: items, kind: .block, title: \.title) == a)
        #expect(throws: ItemLookup.Failure.self) { try ItemLookup.find("aaaa", in: items, kind: .block, title: \.title) }
        #expect(throws: ItemLookup.Failure.noMatch(kind: .block, reference: "nope")) {
            try ItemLookup.find("nope", in: items, kind: .block, title: \.title)
        }
    }

    /// A start of an id shorter than four characters names an item too, unless a title is exactly it.
    @Test func aShortIdPrefixFindsTheItemOrSaysItIsAmbiguous() throws {
        let a = Block.stub(id: UUID(uuidString: "C1AA1111-0000-0000-0000-000000000000")!, title: "Deep work")
        let b = Block.stub(id: UUID(uuidString: "C2BB2222-0000-0000-0000-000000000000")!, title: "c2")
        let items = [a, b]
        #expect(try ItemLookup.find("c1", in: items, kind: .block, title: \.title) == a)
        #expect(try ItemLookup.find("C2", in: items, kind: .block, title: \.title) == b, "the title c2 first")
        #expect(throws: ItemLookup.Failure.ambiguous(kind: .block, reference: "c", ids: ["c1aa1111", "c2bb2222"])) {
            try ItemLookup.find("c", in: items, kind: .block, title: \.title)
        }
        #expect(throws: ItemLookup.Failure.noMatch(kind: .block, reference: "")) {
            try ItemLookup.find("  ", in: items, kind: .block, title: \.title)
        }
    }

    @Test func textListsAlignColumns() {
        let text = Block.listText([.stub(title: "A"), .stub(id: UUID(), title: "Longer title")])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ID        TITLE         LENGTH"))
        #expect(lines[1].hasSuffix("A             4 h (6 a day)"))
    }

    private func json(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
    }
}
