/// A feature's first screen when it has several: a short menu of entries, each with a one-line detail,
/// and Enter opens the chosen one.
@MainActor
public final class MenuScreen: Screen {
    public let title: String
    private let entries: [(title: String, detail: String, open: @MainActor () -> Void)]
    private var selection = ListSelection()

    /// - Parameter entries: each entry's title, its detail, and what opening it does (usually a push).
    public init(title: String, entries: [(String, String, @MainActor () -> Void)]) {
        self.title = title
        self.entries = entries.map { (title: $0.0, detail: $0.1, open: $0.2) }
    }

    public var helpItems: [HelpItem] { [HelpItem("↑↓", "choose"), HelpItem("Enter", "open")] }
    public var keyHelp: [HelpItem] { helpItems + ListSelection.keyHelp }

    public func draw(in canvas: Canvas, context: RenderContext) {
        ListView(rows: entries.map { ListRow($0.title, detail: $0.detail) }).draw(in: canvas, selection: &selection)
    }

    public func handle(_ key: Key) throws -> KeyResult {
        if key == .enter, entries.indices.contains(selection.index) {
            entries[selection.index].open()
            return .handled
        }
        return selection.handle(key, itemCount: entries.count) == .ignored ? .ignored : .handled
    }
}
