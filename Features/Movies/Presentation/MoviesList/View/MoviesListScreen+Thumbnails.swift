import StrataTerminal

/// The thumbnail column at the left of the results: a small picture a row, in kitty's graphics or in half
/// blocks, for the rows on screen only.
extension MoviesListScreen {
    /// The thumbnail column's width in cells.
    static let thumbnailWidth = 2
    /// The narrowest results area that gives a column to thumbnails.
    static let minimumWidthForThumbnails = 70

    /// The thumbnail column's width for a results area `width` cells wide: ``thumbnailWidth`` where the
    /// terminal shows pictures through the kitty protocol, the area has room and some row has a poster; 0
    /// otherwise (text only). Half blocks draw a row's 2 × 1 cells as 2 × 2 pixels, a colour swatch no one
    /// recognises a poster in, so they show no thumbnails (the details screen draws the poster large).
    func thumbnailColumns(width: Int, context: RenderContext) -> Int {
        guard thumbnails != nil, width >= Self.minimumWidthForThumbnails,
            context.pictures == .kitty,
            viewModel.items.contains(where: { $0.posterImagePath != nil })
        else { return 0 }
        return Self.thumbnailWidth
    }

    /// Asks for the posters of the items in `visible` (cancelling those that scrolled away) and draws those
    /// loaded, one a row of `column`.
    func drawThumbnails(of visible: Range<Int>, in column: Canvas, context: RenderContext) {
        guard let thumbnails else { return }
        let items = viewModel.items[visible]
        // One row of the column in pixels: kitty draws them all; half blocks two a cell, one above the other.
        let box =
            context.pictures == .kitty
            ? ThumbnailBox(width: column.size.width * context.cellPixels.width, height: context.cellPixels.height)
            : ThumbnailBox(width: column.size.width, height: 2)
        thumbnails.show(items.compactMap(\.posterImagePath), width: box.width)
        for (row, item) in zip(0..., items) {
            guard let path = item.posterImagePath, let thumbnail = thumbnails.thumbnail(for: path, in: box) else { continue }
            PictureView(thumbnail, mode: context.pictures)
                .draw(in: column.canvas(in: Region(column: 0, row: row, width: column.size.width, height: 1)))
        }
    }
}
