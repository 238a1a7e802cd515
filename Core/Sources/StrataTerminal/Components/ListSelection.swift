/// The state of a ``ListView`` that lives between drawing passes: which row is selected and which row is
/// at the top of the visible part.
///
/// Keep it in the screen or view model next to the items; pass key presses to ``handle(_:itemCount:)`` and
/// act on the outcome (``Outcome/reachedEnd`` is the hook for loading the next page).
public struct ListSelection: Hashable, Sendable {
    /// What a key did to the selection.
    public enum Outcome: Hashable, Sendable {
        /// The key is not a list key (or the list is empty); nothing changed.
        case ignored
        /// The selection moved (or stayed, at an edge).
        case moved
        /// The selection is now on the last item: time to load more, if there is more.
        case reachedEnd
    }

    /// The selected item's index (0 when the list is empty).
    public private(set) var index: Int = 0
    /// The index of the first visible item.
    public private(set) var offset: Int = 0
    /// The number of rows the list showed when last drawn; Page Up/Down move by this much.
    public private(set) var visibleRows: Int = 10

    /// Which keys move the selection.
    public enum Keys: Hashable, Sendable {
        /// ↑ ↓ PgUp PgDn Home End, and `k` `j` `g` `G`.
        case all
        /// ↑ ↓ PgUp PgDn alone: for a list on a screen with a text field, whose letters are typing and whose
        /// Home and End move its cursor.
        case arrows
    }

    /// The keys that move it (``Keys/all`` unless it was made with ``init(index:keys:)``).
    public private(set) var keys: Keys = .all

    /// Creates a selection on the first item.
    public init(index: Int = 0) {
        self.index = max(0, index)
    }

    /// Creates a selection that moves with `keys`: ``Keys/arrows`` leaves every letter to a text field on the
    /// same screen, so the screen can send each key to the list first and then to the field.
    public init(index: Int = 0, keys: Keys) {
        self.index = max(0, index)
        self.keys = keys
    }

    /// Where a list key moves the selection.
    enum Move: Hashable, Sendable { case previous, next, pageUp, pageDown, first, last }

    /// The keys a list understands, one row per move: ``handle(_:itemCount:)`` acts on this table and
    /// ``keyHelp`` lists it, so the Keys dialog can't drift from what the keys do.
    static let keyTable: [(keys: [Key], help: HelpItem, move: Move)] = [
        ([.up, .character("k")], HelpItem("↑ k", "previous"), .previous),
        ([.down, .character("j")], HelpItem("↓ j", "next"), .next),
        ([.pageUp], HelpItem("PgUp", "a page up"), .pageUp),
        ([.pageDown], HelpItem("PgDn", "a page down"), .pageDown),
        ([.home, .character("g")], HelpItem("Home g", "first"), .first),
        ([.end, .character("G")], HelpItem("End G", "last"), .last),
    ]

    /// Every key a list understands, for the Keys dialog (``Screen/keyHelp``).
    public static let keyHelp: [HelpItem] = keyTable.map(\.help)

    /// The keys this selection understands (those of ``keys``), for the Keys dialog.
    public var keyHelp: [HelpItem] {
        switch keys {
        case .all: Self.keyHelp
        case .arrows:
            Self.keyTable.filter { ![.first, .last].contains($0.move) }.map { HelpItem(String($0.help.key.split(separator: " ")[0]), $0.help.action) }
        }
    }

    /// Whether `key` moves this selection.
    private func moves(_ key: Key, _ row: (keys: [Key], help: HelpItem, move: Move)) -> Bool {
        guard row.keys.contains(key) else { return false }
        guard keys == .arrows else { return true }
        if case .character = key { return false }
        return ![.first, .last].contains(row.move)
    }

    /// Moves the selection for the keys of ``keyHelp`` (↑ ↓ `k` `j` PgUp PgDn Home End `g` `G`, or ↑ ↓ PgUp
    /// PgDn for ``Keys/arrows``); other keys are ignored.
    ///
    /// - Parameter itemCount: The number of items now in the list.
    public mutating func handle(_ key: Key, itemCount: Int) -> Outcome {
        guard itemCount > 0, let move = Self.keyTable.first(where: { moves(key, $0) })?.move else { return .ignored }
        let target: Int =
            switch move {
            case .previous: index - 1
            case .next: index + 1
            case .pageUp: index - max(1, visibleRows - 1)
            case .pageDown: index + max(1, visibleRows - 1)
            case .first: 0
            case .last: itemCount - 1
            }
        select(target, itemCount: itemCount)
        return index == itemCount - 1 ? .reachedEnd : .moved
    }

    /// Selects `target`, clamped to the list.
    public mutating func select(_ target: Int, itemCount: Int) {
        index = min(max(0, target), max(0, itemCount - 1))
    }

    /// Scrolls as little as possible so that the selected item is among `rows` visible rows, after clamping
    /// the selection to `itemCount` items (the list may have shrunk). Called by ``ListView`` when it draws.
    mutating func scroll(visibleRows rows: Int, itemCount: Int) {
        select(index, itemCount: itemCount)
        visibleRows = max(1, rows)
        if index < offset { offset = index }
        if index >= offset + visibleRows { offset = index - visibleRows + 1 }
        offset = max(0, min(offset, itemCount - visibleRows))
    }
}
