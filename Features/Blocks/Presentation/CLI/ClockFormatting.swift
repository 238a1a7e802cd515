import BlocksDomain
import FoundationEssentials

/// How the clock reads in text.
public enum ClockFormatting {
    /// `Focus, round 2 of 4`, `Break, round 1 of 4`, `Waiting for the start`, `Block 3 of 6`, `Round 8`.
    public static func phaseText(_ state: ClockState) -> String {
        switch (state.mode.kind, state.phase) {
        case (_, .waiting): return "Waiting for the start"
        case (.block, _): return "Block \(state.round ?? 1) of \(state.rounds ?? 1)"
        case (.timer, _): return "Round \(state.round ?? 1)"
        case (.daily, let phase):
            let name = phase == .focus ? "Focus" : "Break"
            return "\(name), round \(state.round ?? 1) of \(state.rounds ?? 1)"
        }
    }

    /// The clock as `strata clock` prints it.
    public static func text(_ state: ClockState?, calendar: Calendar) -> String {
        guard let state else { return "Nothing is running.\n" }
        let ends = ClockTimeText.text(secondsFromMidnight(state.phaseEndsAt, calendar))
        return """
            \(state.mode.kind.rawValue.capitalized): \(state.title)
            \(phaseText(state)): \(state.remaining) left (until \(ends))

            """
    }

    /// The clock on one line, as `strata clock --watch` shows it: `Daily "Study" · Focus, round 1 of 4 · 0:41:30 left`.
    public static func line(_ state: ClockState?) -> String {
        guard let state else { return "Nothing is running." }
        return "\(state.mode.kind.rawValue.capitalized) \"\(state.title)\" · \(phaseText(state)) · \(state.remaining) left"
    }

    static func secondsFromMidnight(_ date: Date, _ calendar: Calendar) -> Int {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
    }
}
