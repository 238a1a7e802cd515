import BlocksDomain
import StrataBase
import StrataTerminal

extension Block: PresentedItem {
    public static let listTitle = "Blocks"
    public static let emptyListText = "No blocks yet. Press a to add one."
    public static let enterStarts = false
    /// Four-hour blocks chosen, as `strata blocks add --hours 4` suggests; ← → choose another.
    public static let newDraft = BlockDraft(title: "", hours: 4)

    public var summary: String { "\(length.hours)-hour blocks, \(length.blocksPerDay) a day" }
    public var json: BlocksJSON.BlockItem { BlocksJSON.BlockItem(self) }

    public static func listText(_ blocks: [Block]) -> String {
        guard !blocks.isEmpty else { return "No blocks yet. Add one with `strata blocks add \"Deep work\" --hours 4`.\n" }
        return TextColumns.render(
            [["ID", "TITLE", "LENGTH"]]
                + blocks.map {
                    [ShortID.text($0.id), $0.title, "\($0.length.hours) h (\($0.length.blocksPerDay) a day)"]
                })
    }

    public var shownText: String {
        """
        \(title)
          id:      \(ShortID.full(id))
          length:  \(countText(length.hours, "hour")), \(countText(length.blocksPerDay, "block")) a day from midnight

        """
    }

    public static func formScreen(_ viewModel: ItemFormViewModel<Block>, done: @escaping @MainActor () -> Void)
        -> any Screen
    {
        BlockFormScreen(viewModel: viewModel, done: done)
    }
}
