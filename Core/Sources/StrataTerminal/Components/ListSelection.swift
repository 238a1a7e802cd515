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

    /// Creates a selection on the first item.
    public init(index: Int = 0) {
        self.index = max(0, index)
    }

    /// Moves the selection for ↑ ↓ Home End PgUp PgDn (and `k`/`j`); other keys are ignored.
    ///
    /// - Parameter itemCount: The number of items now in the list.
    public mutating func handle(_ key: Key, itemCount: Int) -> Outcome {
        guard itemCount > 0 else { return .ignored }
        let target: Int
        switch key {
        case .up, .character("k"): target = index - 1
        case .down, .character("j"): target = index + 1
        case .pageUp: target = index - max(1, visibleRows - 1)
        case .pageDown: target = index + max(1, visibleRows - 1)
        case .home, .character("g"): target = 0
        case .end, .character("G"): target = itemCount - 1
        default: return .ignored
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
