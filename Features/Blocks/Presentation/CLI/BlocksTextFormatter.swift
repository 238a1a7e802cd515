import BlocksDomain
import FoundationEssentials
import StrataTerminal

/// The plain-text output of the commands: aligned lists and short detail blocks.
public enum BlocksTextFormatter {
    public static func blocks(_ blocks: [Block]) -> String {
        guard !blocks.isEmpty else { return "No blocks yet. Add one with `strata blocks add \"Deep work\" --hours 4`.\n" }
        return table(["ID", "TITLE", "LENGTH"], blocks.map {
            [ShortID.text($0.id), $0.title, "\($0.length.hours) h (\($0.length.blocksPerDay) a day)"]
        })
    }

    public static func block(_ block: Block) -> String {
        """
        \(block.title)
          id:      \(block.id.uuidString)
          length:  \(block.length.hours) hours, \(block.length.blocksPerDay) blocks a day from midnight

        """
    }

    public static func dailies(_ dailies: [Daily]) -> String {
        guard !dailies.isEmpty else {
            return "No daily schedules yet. Add one with `strata daily add \"Study\" --start 09:00 --focus 50m --break 10m --repeat 4`.\n"
        }
        return table(["ID", "TITLE", "START", "ROUNDS"], dailies.map {
            [ShortID.text($0.id), $0.title, ClockTimeText.text($0.startSeconds),
             "\($0.repeatCount) × (\(DurationText.text($0.focusSeconds)) focus + \(DurationText.text($0.breakSeconds)) break)"]
        })
    }

    public static func daily(_ daily: Daily) -> String {
        let endSeconds = daily.startSeconds + daily.totalSeconds
        let end = ClockTimeText.text(endSeconds % BlocksValidation.secondsPerDay)
            + (endSeconds >= BlocksValidation.secondsPerDay ? " the next day" : "")
        return """
            \(daily.title)
              id:      \(daily.id.uuidString)
              start:   \(ClockTimeText.text(daily.startSeconds)), ends \(end)
              rounds:  \(daily.repeatCount) × \(DurationText.text(daily.focusSeconds)) focus + \(DurationText.text(daily.breakSeconds)) break

            """
    }

    public static func timers(_ timers: [FocusTimer]) -> String {
        guard !timers.isEmpty else { return "No timers yet. Add one with `strata timer add \"Pomodoro\" --duration 25m`.\n" }
        return table(["ID", "TITLE", "DURATION"], timers.map {
            [ShortID.text($0.id), $0.title, DurationText.text($0.durationSeconds)]
        })
    }

    public static func timer(_ timer: FocusTimer) -> String {
        """
        \(timer.title)
          id:        \(timer.id.uuidString)
          duration:  \(DurationText.text(timer.durationSeconds)), repeating

        """
    }

    /// Columns padded to their widest cell (in terminal cells); the last column is not padded.
    static func table(_ header: [String], _ rows: [[String]]) -> String { TextColumns.render([header] + rows) }
}
