import BlocksDomain
import StrataTerminal

extension Daily: PresentedItem {
    public static let listTitle = "Daily"
    public static let emptyListText = "No daily schedules yet. Press a to add one."
    public static let enterStarts = false
    /// 09:00, one round of 50 minutes' focus and 10 minutes' break.
    public static let newDraft = DailyDraft(
        title: "", startSeconds: 9 * 3600, repeatCount: 1, focusSeconds: 50 * 60,
        breakSeconds: 10 * 60)

    public var summary: String { "from \(ClockTimeText.text(startSeconds)), \(roundsText)" }
    public var json: BlocksJSON.DailyItem { BlocksJSON.DailyItem(self) }

    private var roundsText: String {
        "\(repeatCount) × \(DurationText.text(focusSeconds)) focus + \(DurationText.text(breakSeconds)) break"
    }

    public static func listText(_ dailies: [Daily]) -> String {
        guard !dailies.isEmpty else {
            return "No daily schedules yet. Add one with `strata daily add \"Study\" --start 09:00 --focus 50m --break 10m --repeat 4`.\n"
        }
        return TextColumns.render(
            [["ID", "TITLE", "START", "ROUNDS"]]
                + dailies.map {
                    [
                        ShortID.text($0.id), $0.title, ClockTimeText.text($0.startSeconds),
                        "\($0.repeatCount) × (\(DurationText.text($0.focusSeconds)) focus + \(DurationText.text($0.breakSeconds)) break)",
                    ]
                })
    }

    public var shownText: String {
        let (endSeconds, overflow) = startSeconds.addingReportingOverflow(totalSeconds)
        let end =
            overflow
            ? "never"
            : ClockTimeText.text(endSeconds % BlocksValidation.secondsPerDay)
                + (endSeconds >= BlocksValidation.secondsPerDay ? " the next day" : "")
        return """
            \(title)
              id:      \(ShortID.full(id))
              start:   \(ClockTimeText.text(startSeconds)), ends \(end)
              rounds:  \(roundsText)

            """
    }

    public static func formScreen(_ viewModel: ItemFormViewModel<Daily>, done: @escaping @MainActor () -> Void)
        -> any Screen
    {
        DailyFormScreen(viewModel: viewModel, done: done)
    }
}
