import StrataTerminal

/// One movie: title, release date, genre, runtime and rating, poster path and the overview, wrapped.
@MainActor
public final class MovieDetailsScreen: Screen {
    private let viewModel: MovieDetailsViewModel

    public init(viewModel: MovieDetailsViewModel) {
        self.viewModel = viewModel
    }

    public var title: String { viewModel.title }

    public func draw(in canvas: Canvas, context: RenderContext) {
        canvas.draw(viewModel.title, row: 0, style: .bold)
        canvas.draw(viewModel.releaseDate, row: 1, style: .dim)
        var row = 2
        for line in [viewModel.facts, viewModel.posterPath.map { "Poster: \($0)" }].compactMap({ $0 }) {
            canvas.draw(line, row: row, style: .dim)
            row += 1
        }
        row += 1
        TextBlock(viewModel.overview).draw(in: canvas.rows(row, count: max(0, canvas.size.height - row)))
    }

    public func handle(_ key: Key) throws -> KeyResult { .ignored }
}
