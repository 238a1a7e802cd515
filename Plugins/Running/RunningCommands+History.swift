import Foundation
import RunningDomain
import RunningPresentation
import StrataPluginKit

extension RunningCommands {
    func history(_ command: RunningHistoryCommand, _ invocation: CommandInvocation) async throws {
        let number = command.page  // 1 or more, as plugin.json declares
        let runs = try await container.makeFetchHistoryUseCase().execute()
        let page = HistoryPage(runs, number: number ?? 1)
        // A page past the end is empty here (the app shows the last one) and exits 1: a script paging on
        // stops, and `--json` still prints the empty page.
        let pastTheEnd = (number ?? 1) > page.count
        if command.json {
            // Every run unless a page is asked for: scripts read the whole history.
            let shown = number == nil ? runs : pastTheEnd ? [] : page.runs
            try invocation.writeJSON(shown.map(HistoryEntryJSON.init))
            if pastTheEnd { throw CommandError.exit(1) }
        } else if pastTheEnd, let number {
            throw CommandError.failure(
                "no page \(number) of the run history: there \(page.count == 1 ? "is" : "are") \(RunningFormat.count(page.count, "page")).")
        } else {
            invocation.write(RunningTextReport.history(page))
        }
    }

    func importRun(_ command: RunningImportCommand, _ invocation: CommandInvocation) async throws {
        let url = URL(fileURLWithPath: (command.file as NSString).expandingTildeInPath)
        let track = try await container.makeTrackRepository().track(at: url)
        let pace = try pace(command.pace, option: RunningImportCommand.name(\.pace))
        let record = try await container.makeImportRunUseCase()
            .execute(track, pace: pace, nickname: nickname(command.nickname, invocation), weightKg: settings.weightKg)
        if command.json {
            try invocation.writeJSON(HistoryEntryJSON(record))
        } else {
            invocation.writeLine(
                "Imported the run of \(RunningFormat.dateTime(record.startedAt)): "
                    + "\(RunningFormat.distance(record.result.distanceKm)) km in \(RunningFormat.elapsedTime(record.result.elapsedSeconds))"
                    + (pace.map { " (at the pace you gave, \(RunningFormat.elapsedTime(Int($0.secondsPerKm)))/km, not the track's clock)" } ?? "") + ".")
        }
    }

    func records(_ command: RunningRecordsCommand, _ invocation: CommandInvocation) async throws {
        let month: YearMonth
        if let text = command.month {
            guard let parsed = YearMonth(text) else {
                throw CommandError.usage("\(RunningRecordsCommand.name(\.month)) \(text) is not a month written YYYY-MM, e.g. 2026-11")
            }
            month = parsed
        } else {
            month = YearMonth(date: try container.makeRunClock().now(), calendar: .current)
        }
        let records = try await container.makeFetchRecordsUseCase().execute(month: month)
        if command.json {
            try invocation.writeJSON(RecordsJSON(records))
        } else {
            invocation.write(RunningTextReport.records(records))
        }
    }
}
