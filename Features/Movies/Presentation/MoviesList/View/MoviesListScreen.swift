import MoviesDomain
import StrataTerminal

/// The search screen: a search field, the recent queries under it while it is empty, and the results,
/// which load the next page when the selection reaches the end.
@MainActor
public final class MoviesListScreen: Screen {
    private enum Focus { case search, results }

    /// The screen's view model.
    public let viewModel: MoviesListViewModel
    /// The rows' poster thumbnails, where the terminal can show them (nil: text only).
    public let thumbnails: MoviesListThumbnails?
    private var field = TextFieldState()
    private var focus = Focus.search
    private var selection = ListSelection()
    private var suggestionSelection = ListSelection()
    /// The recent queries, shown while the field is empty and focused (set by the coordinator).
    public internal(set) var suggestions: (MoviesQueryListViewModel)?

    public init(viewModel: MoviesListViewModel, thumbnails: MoviesListThumbnails? = nil) {
        self.viewModel = viewModel
        self.thumbnails = thumbnails
    }

    public var title: String { viewModel.screenTitle }

    public var isAnimating: Bool { viewModel.loading != .none }

    public var helpItems: [HelpItem] {
        switch focus {
        case .search:
            (suggestions?.items.isEmpty == false ? [HelpItem("↑↓", "recent")] : [])
                + [HelpItem("Enter", "search"), HelpItem("Tab", "results")]
        case .results:
            // Moving and opening need a result (after a 401 the footer offered them over an empty list).
            (viewModel.items.isEmpty ? [] : [HelpItem("↑↓", "move"), HelpItem("Enter", "details")]) + [HelpItem("/", "search")]
                + (viewModel.loading != .none ? [HelpItem("Esc", "stop")] : [])
                + (viewModel.error != nil && viewModel.canRetry ? [HelpItem("r", "retry")] : [])
        }
    }

    /// The Keys dialog: the field's keys while it has the keyboard; on the results, every list key (j/k,
    /// g/G, PgUp/PgDn, Home/End work there; it listed only the footer's).
    public var keyHelp: [HelpItem] {
        switch focus {
        case .search: helpItems + TextFieldState.keyHelp
        case .results: helpItems + (viewModel.items.isEmpty ? [] : ListSelection.keyHelp)
        }
    }

    public func screenWillAppear() {
        if focus == .search && field.text.isEmpty { viewModel.showQueriesSuggestions() }
    }

    public func draw(in canvas: Canvas, context: RenderContext) {
        TextField(state: field, prompt: "Search: ", placeholder: viewModel.searchBarPlaceholder, isFocused: focus == .search)
            .draw(in: canvas.rows(0, count: 1))
        let body = canvas.rows(2, count: max(0, canvas.size.height - 2))
        if focus == .search, field.text.isEmpty, let suggestions, !suggestions.items.isEmpty {
            body.draw("Recent searches", row: 0, style: .bold)
            ListView(rows: suggestions.items.map { ListRow($0.query) })
                .draw(in: body.rows(1, count: max(0, body.size.height - 1)), selection: &suggestionSelection)
            return
        }
        drawResults(in: body, context: context)
    }

    private func drawResults(in canvas: Canvas, context: RenderContext) {
        let frame = context.frame
        let spinner = Spinner.frames[frame % Spinner.frames.count]
        var header = 1
        switch viewModel.resultsState {
        case .prompt:
            canvas.draw("Type a title and press Enter.", row: 0, style: .dim)
            return
        case .searching:
            Spinner("Searching \"\(viewModel.query)\"…", frame: frame).draw(in: canvas.rows(0, count: 1))
            return
        case .stopped:
            canvas.draw("The search for \"\(viewModel.query)\" was stopped. Press / and Enter to search again.", row: 0, style: .dim)
            return
        case .noResults:
            canvas.draw("No movies found for \"\(viewModel.query)\".", row: 0, style: .dim)
            return
        case .failed(let message, let canRetry):
            // The whole sentence, wrapped: what happened and what to do are at its end.
            let text = "\(viewModel.errorTitle): \(message)" + (canRetry ? " Press r to try again." : "")
            let lines = text.wrapped(toWidth: canvas.size.width).prefix(max(1, canvas.size.height / 2))
            for (row, line) in lines.enumerated() { canvas.draw(line, row: row, style: .color(.red)) }
            header = lines.count
        case .results(let page, let pages):
            canvas.draw("\(viewModel.emptyDataTitle) for \"\(viewModel.query)\" · page \(page) of \(pages)", row: 0, style: .dim)
        }
        let footer: String? =
            switch viewModel.loading {
            case .nextPage: "\(spinner) Loading more…"
            case .fullScreen: "\(spinner) Refreshing…"
            case .none: viewModel.hasMorePages && !viewModel.isEmpty ? "↓ more pages" : nil
            }
        // While the search field has the keyboard the list draws from a copy, so typing never moves it.
        // The title column has a fixed width, so the dates don't move as pages with longer titles load.
        var selection = self.selection
        let area = canvas.rows(header, count: max(0, canvas.size.height - header))
        let thumbnailColumns = thumbnailColumns(width: area.size.width, context: context)
        let titleColumnWidth = max(8, (area.size.width - thumbnailColumns - 4) / 2)
        // What the row has after its title (ListView draws the detail 4 cells past the title column): at 40
        // columns "Release Date: Ja…" kept the label and lost the date, so the date goes alone there.
        let detailRoom = area.size.width - (thumbnailColumns == 0 ? 0 : thumbnailColumns + 1) - titleColumnWidth - 4
        let list = ListView(
            rows: viewModel.items.map { ListRow($0.title, detail: $0.releaseDate.displayWidth <= detailRoom ? $0.releaseDate : $0.releaseDay) },
            emptyText: "", footer: footer, titleColumnWidth: titleColumnWidth)
        let listArea =
            thumbnailColumns == 0
            ? area
            : area.canvas(
                in: Region(
                    column: thumbnailColumns + 1, row: 0, width: area.size.width - thumbnailColumns - 1, height: area.size.height))
        list.draw(in: listArea, selection: &selection)
        if thumbnailColumns > 0 {
            drawThumbnails(
                of: list.visibleItems(height: listArea.size.height, selection: selection),
                in: area.canvas(in: Region(column: 0, row: 0, width: thumbnailColumns, height: area.size.height)),
                context: context)
        }
        if focus == .results { self.selection = selection }
    }

    public func handle(_ key: Key) throws -> KeyResult {
        // Esc (or Ctrl-X) while a search loads stops it, here as in the field; a second Esc goes back.
        if key == .escape || key == .control("x"), viewModel.loading != .none {
            viewModel.didCancelSearch()
            return .handled
        }
        return switch focus {
        case .search: handleSearch(key)
        case .results: handleResults(key)
        }
    }

    private func handleSearch(_ key: Key) -> KeyResult {
        let suggestionItems = field.text.isEmpty ? (suggestions?.items ?? []) : []
        switch key {
        case .enter:
            selection = ListSelection()
            if field.text.isEmpty, suggestionItems.indices.contains(suggestionSelection.index) {
                let item = suggestionItems[suggestionSelection.index]
                field.setText(item.query)
                suggestions?.didSelect(item: item)
            } else {
                viewModel.didSearch(query: field.text)
            }
            if !field.text.trimmingCharacters(in: .whitespaces).isEmpty { showResults() }
            return .handled
        case .up where !suggestionItems.isEmpty, .down where !suggestionItems.isEmpty:
            _ = suggestionSelection.handle(key, itemCount: suggestionItems.count)
            return .handled
        case .tab, .down:
            showResults()
            return .handled
        case .escape where !viewModel.isEmpty:
            showResults()
            return .handled
        default:
            let wasEmpty = field.text.isEmpty
            guard field.handle(key) else { return .ignored }
            if wasEmpty != field.text.isEmpty {
                field.text.isEmpty ? viewModel.showQueriesSuggestions() : viewModel.closeQueriesSuggestions()
            }
            return .handled
        }
    }

    private func handleResults(_ key: Key) -> KeyResult {
        switch key {
        case .enter:
            viewModel.didSelectItem(at: selection.index)
        case .character("/"), .tab:
            focus = .search
            if field.text.isEmpty { viewModel.showQueriesSuggestions() }
        case .character("r") where viewModel.error != nil && viewModel.canRetry:
            viewModel.didRetry()
        default:
            switch selection.handle(key, itemCount: viewModel.items.count) {
            case .ignored: return .ignored
            case .reachedEnd: viewModel.didLoadNextPage()
            // An outcome a later SDK may add (its enums are resilient): the key was the list's, nothing more to do.
            case .moved: break
            @unknown default: break
            }
        }
        return .handled
    }

    private func showResults() {
        focus = .results
        viewModel.closeQueriesSuggestions()
    }
}
