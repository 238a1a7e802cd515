import StrataTerminal

/// The feature's first screen: a short menu.
@MainActor
final class MenuScreen: Screen {
    let title: String
    private let entries: [(title: String, detail: String, open: @MainActor () -> Void)]
    private var selection = ListSelection()

    init(title: String, entries: [(String, String, @MainActor () -> Void)]) {
        self.title = title
        self.entries = entries.map { (title: $0.0, detail: $0.1, open: $0.2) }
    }

    var helpItems: [HelpItem] { [HelpItem("↑↓", "choose"), HelpItem("Enter", "open")] }

    func draw(in canvas: Canvas, context: RenderContext) {
        ListView(rows: entries.map { ListRow($0.title, detail: $0.detail) }).draw(in: canvas, selection: &selection)
    }

    func handle(_ key: Key) throws -> KeyResult {
        if key == .enter, entries.indices.contains(selection.index) {
            entries[selection.index].open()
            return .handled
        }
        return selection.handle(key, itemCount: entries.count) == .ignored ? .ignored : .handled
    }
}
