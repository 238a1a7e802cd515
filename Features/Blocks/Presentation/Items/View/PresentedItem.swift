import BlocksDomain
import StrataTerminal

/// How Presentation shows one kind of item, on the screens and on the command line. The list, detail and
/// flow are written once for all three kinds; only a kind's form screen is its own.
public protocol PresentedItem: BlocksItem {
    /// The list screen's title: "Blocks", "Daily", "Timers".
    static var listTitle: String { get }
    /// What an empty list screen says.
    static var emptyListText: String { get }
    /// Whether Enter on the list starts the item (Tempus's timers) instead of opening it.
    static var enterStarts: Bool { get }
    /// The draft a new item's form starts from.
    static var newDraft: Draft { get }
    /// The shape of `--json` output.
    associatedtype JSON: Encodable & Sendable

    /// One line of what the item is, after its title: on the list screen, and after `added` and `saved`.
    var summary: String { get }
    var json: JSON { get }
    /// What `strata <group> list` prints for these items.
    static func listText(_ items: [Self]) -> String
    /// What `strata <group> show` prints, and the detail screen shows: the title, then the details.
    var shownText: String { get }

    /// The form that creates or edits an item of this kind.
    @MainActor static func formScreen(_ viewModel: ItemFormViewModel<Self>, done: @escaping @MainActor () -> Void)
        -> any Screen
}
