import StrataTerminal

/// One movie: its poster on the left where the terminal can draw it and there is room, and beside it the
/// title, release date, genre, runtime and rating, and the overview, wrapped.
///
/// The poster is asked for at the size its column has, again when the terminal is resized (the view
/// model drops the answer to an older size). Without colour, or in a narrow terminal, a line with the
/// poster's address stands in for it. An overview longer than its rows scrolls (``TextScroll``); before, it
/// was cut with an ellipsis, and the rest was out of reach.
@MainActor
public final class MovieDetailsScreen: Screen {
    public let viewModel: MovieDetailsViewModel
    /// Where the overview is scrolled to.
    private var scroll = TextScroll()

    public init(viewModel: MovieDetailsViewModel) {
        self.viewModel = viewModel
    }

    public var title: String { viewModel.title }

    public var helpItems: [HelpItem] { scroll.helpItems }

    public var keyHelp: [HelpItem] { scroll.keyHelp }

    /// The narrowest screen that gets a poster column.
    static let minimumWidthForPoster = 50

    public func draw(in canvas: Canvas, context: RenderContext) {
        var text = canvas
        var posterLine = viewModel.posterLine
        if viewModel.posterPath != nil, context.pictures != .off, canvas.size.width >= Self.minimumWidthForPoster {
            // TMDB posters are 2:3; the column is as wide as that shape at the screen's height, at most 2/5.
            let cell = context.cellPixels
            let columns = min(canvas.size.width * 2 / 5, canvas.size.height * cell.height * 2 / (cell.width * 3))
            let area = canvas.canvas(in: Region(column: 0, row: 0, width: columns, height: canvas.size.height))
            drawPoster(in: area, context: context)
            text = canvas.canvas(
                in: Region(
                    column: columns + 2, row: 0, width: canvas.size.width - columns - 2,
                    height: canvas.size.height))
            posterLine = nil
        }
        text.draw(viewModel.title, row: 0, style: .bold)
        text.draw(viewModel.releaseDate, row: 1, style: .dim)
        var row = 2
        for line in [viewModel.facts, posterLine].compactMap({ $0 }) {
            let block = TextBlock(line, style: .dim)
            let height = block.height(forWidth: text.size.width)
            block.draw(in: text.rows(row, count: height))
            row += height
        }
        row += 1
        scroll.draw(TextBlock(viewModel.overview), in: text.rows(row, count: max(0, text.size.height - row)))
    }

    /// The poster scaled into `area` (or the state of its loading), asking for it at the width the area has:
    /// a pixel a column for half blocks, about ten pixels a column for the kitty protocol.
    private func drawPoster(in area: Canvas, context: RenderContext) {
        let mode = context.pictures
        viewModel.updatePosterImage(width: mode == .kitty ? area.size.width * 10 : area.size.width)
        if let poster = viewModel.poster {
            let size = poster.cellSize(fitting: area.size, cell: context.cellPixels)
            PictureView(poster, mode: mode).draw(in: area.canvas(in: Region(column: 0, row: 0, width: size.width, height: size.height)))
        } else if let problem = viewModel.posterProblem {
            TextBlock(problem, style: .dim).draw(in: area)
        } else {
            area.draw("Loading poster…", row: 0, style: .dim)
        }
    }

    public func handle(_ key: Key) throws -> KeyResult {
        if scroll.handle(key) { return .handled }
        if key == .escape { viewModel.cancelPosterLoad() }  // leaving stops the download
        return .ignored
    }
}
