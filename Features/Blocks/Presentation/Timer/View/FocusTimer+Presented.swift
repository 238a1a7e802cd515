import BlocksDomain
import StrataTerminal

extension FocusTimer: PresentedItem {
    public static let listTitle = "Timers"
    public static let emptyListText = "No timers yet. Press a to add one."
    /// Tempus starts a timer from its list; there is no timer detail.
    public static let enterStarts = true
    public static let newDraft = TimerDraft(title: "", durationSeconds: 25 * 60)

    public var summary: String { DurationText.text(durationSeconds) + ", repeating" }
    public var json: BlocksJSON.TimerItem { BlocksJSON.TimerItem(self) }

    public static func listText(_ timers: [FocusTimer]) -> String {
        guard !timers.isEmpty else { return "No timers yet. Add one with `strata timer add \"Pomodoro\" --duration 25m`.\n" }
        return TextColumns.render(
            [["ID", "TITLE", "DURATION"]]
                + timers.map {
                    [ShortID.text($0.id), $0.title, DurationText.text($0.durationSeconds)]
                })
    }

    public var shownText: String {
        """
        \(title)
          id:        \(ShortID.full(id))
          duration:  \(summary)

        """
    }

    public static func formScreen(_ viewModel: ItemFormViewModel<FocusTimer>, done: @escaping @MainActor () -> Void)
        -> any Screen
    {
        TimerFormScreen(viewModel: viewModel, done: done)
    }
}
