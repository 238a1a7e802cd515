import Foundation
import RunningDomain
import RunningPresentation
import StrataPluginKit

extension RunningCommands {
    var history: PluginCommand {
        PluginCommand(path: ["running", "history"], summary: "List the saved runs, newest first",
                      usage: "strata running history [--json]") { invocation in
            do {
                let arguments = try CommandArguments(invocation.arguments, flags: ["--json"])
                let runs = try await services.resolve((any FetchHistoryUseCase).self).execute()
                if arguments.has("--json") {
                    try invocation.writeJSON(runs.map(HistoryEntryJSON.init))
                } else {
                    invocation.write(RunningTextReport.history(runs))
                }
                return 0
            } catch {
                return report(error, to: invocation)
            }
        }
    }

    var records: PluginCommand {
        PluginCommand(path: ["running", "records"], summary: "Show all-time and monthly records",
                      usage: "strata running records [--month YYYY-MM] [--json]") { invocation in
            do {
                let arguments = try CommandArguments(invocation.arguments, options: ["--month"], flags: ["--json"])
                let month: YearMonth
                if let text = arguments.value("--month") {
                    guard let parsed = YearMonth(text) else {
                        throw CommandError.usage("--month \(text) is not a month written YYYY-MM, e.g. 2026-11")
                    }
                    month = parsed
                } else {
                    month = YearMonth(date: try services.resolve((any RunClock).self).now(), calendar: .current)
                }
                let records = try await services.resolve((any FetchRecordsUseCase).self).execute(month: month)
                if arguments.has("--json") {
                    try invocation.writeJSON(RecordsJSON(records))
                } else {
                    invocation.write(RunningTextReport.records(records))
                }
                return 0
            } catch {
                return report(error, to: invocation)
            }
        }
    }
}
