import Foundation
import Testing
import RunningDomain
import RunningTesting
@testable import RunningPresentation

struct CommandLineFormatTests {
    private func json(_ value: some Encodable) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as! [String: Any]
    }

    @Test func singleResultJSONHasTheRequiredFieldsAndNoMateFields() throws {
        let object = try json(RunResultJSON(.stub(distanceKm: 4.99996, elapsedSeconds: 1505, calories: 301.44), route: .stub))
        #expect(object["mode"] as? String == "single")
        #expect(object["targetKm"] as? Double == 5)
        #expect(object["distanceKm"] as? Double == 5)
        #expect(object["elapsedSeconds"] as? Int == 1505)
        #expect(object["calories"] as? Double == 301.4)
        #expect(object["finished"] as? Bool == true)
        #expect(object["cancelled"] as? Bool == false)
        #expect(object["mateDistanceKm"] == nil && object["isUserWinner"] == nil && object["contribution"] == nil)
        #expect((object["route"] as? [String: Any])?["points"] as? Int == 51)
    }

    @Test func raceAndTeamJSONCarryTheMateOutcome() throws {
        let race = try json(RunResultJSON(.stub(mode: .race, distanceKm: 4.5, mate: MateResult(nickname: "kim", distanceKm: 5, elapsedSeconds: 1400)), sessionID: "RACE42"))
        #expect(race["mateDistanceKm"] as? Double == 5)
        #expect(race["isUserWinner"] as? Bool == false)
        #expect(race["sessionID"] as? String == "RACE42")
        let team = try json(RunResultJSON(.stub(mode: .team, distanceKm: 2, mate: MateResult(nickname: "kim", distanceKm: 3, elapsedSeconds: 900))))
        #expect(team["contribution"] as? Double == 0.4)
        #expect(team["contributionPercent"] as? Int == 40)
        #expect(team["teamDistanceKm"] as? Double == 5)
        #expect(team["isUserWinner"] == nil)
        let cancelled = try json(RunResultJSON(.stub(ending: .cancelledByMate)))
        #expect(cancelled["cancelled"] as? Bool == true && cancelled["finished"] as? Bool == false)
        #expect(cancelled["ending"] as? String == "cancelledByMate")
    }

    @Test func historyTextListsRunsAsATableWithTheirPace() {
        let runs: [RunRecord] = [.stub(startedAt: Date(timeIntervalSince1970: 1_795_000_000), result: .stub(distanceKm: 3, elapsedSeconds: 1000, calories: 200, ending: .cancelled))]
        let text = RunningTextReport.history(HistoryPage(runs, number: 1), timeZone: TimeZone(identifier: "UTC")!)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Started           Mode    Distance      Time   Pace"))
        #expect(lines[1].hasPrefix("2026-11-18 11:06  single  3.00/5.00 km  16:40  5:33/km  200 kcal  Run cancelled"))
        #expect(RunningTextReport.history(HistoryPage([], number: 1)).contains("No runs yet"))
    }

    /// MateRunner pages the history five runs at a time.
    @Test func historyIsPagedFiveAtATime() {
        let runs: [RunRecord] = (0..<12).map { .stub(startedAt: Date(timeIntervalSince1970: 1_795_000_000 - Double($0) * 86_400)) }
        let first = HistoryPage(runs, number: 1), last = HistoryPage(runs, number: 3)
        #expect(first.runs.count == 5 && first.count == 3 && first.hasNext)
        #expect(last.runs.count == 2 && !last.hasNext)
        #expect(HistoryPage(runs, number: 9) == last && HistoryPage(runs, number: 0) == first)
        let text = RunningTextReport.history(first, timeZone: TimeZone(identifier: "UTC")!)
        #expect(text.hasSuffix("Page 1 of 3; older runs: strata running history --page 2\n"))
        #expect(RunningTextReport.history(last).hasSuffix("Page 3 of 3\n"))
    }

    @Test func recordsJSONAndText() throws {
        let records = RunningRecords(cumulative: CumulativeRecord(runs: 2, distanceKm: 8.0004, elapsedSeconds: 2500, calories: 500.04),
                                     monthly: MonthlyRecord(month: YearMonth("2026-11")!, runs: 1, distanceKm: 3, elapsedSeconds: 1000),
                                     activeMonths: [YearMonth("2026-10")!, YearMonth("2026-11")!])
        let object = try json(RecordsJSON(records))
        #expect((object["cumulative"] as? [String: Any])?["distanceKm"] as? Double == 8)
        #expect((object["monthly"] as? [String: Any])?["month"] as? String == "2026-11")
        #expect(object["activeMonths"] as? [String] == ["2026-10", "2026-11"])
        let text = RunningTextReport.records(records)
        #expect(text.contains("November 2026\n  Runs      1\n  Distance  3.00 km"))
    }

    @Test func liveLineShowsBothRunnersAndTheLead() {
        let setting = RunningSetting(mode: .race, targetDistanceKm: 5, myNickname: "ana", mateNickname: "kim")
        let data = RunningData(mode: .race, targetDistanceKm: 5, mine: RealTimeData(elapsedDistanceKm: 1, elapsedSeconds: 300),
                               mate: MateStatus(nickname: "kim", progress: RunnerProgress(data: RealTimeData(elapsedDistanceKm: 0.5, elapsedSeconds: 300), status: .running)),
                               calories: 60)
        let line = RunningTextReport.liveLine(RunningViewState(data, setting: setting))
        #expect(line == "05:00 | 1.00 km 20 % | 60 kcal | kim 0.50 km 10 % | You lead by 0.50 km")
    }
}
