import StrataTerminal

/// The thumbnail column at the left of the results: a small picture a row, in kitty's graphics or in half
/// blocks, for the rows on screen only.
extension MoviesListScreen {
    /// The thumbnail column's width in cells.
    static let thumbnailWidth = 2
    /// The narrowest results area that gives a column to thumbnails.
    static let minimumWidthForThumbnails = 70

    /// The thumbnail column's width for a results area `width` cells wide: ``thumbnailWidth`` where the
    /// terminal shows pictures well enough at that size (the kitty protocol, or half blocks in 24-bit
    /// colour), the area has room and some row has a poster; 0 otherwise (text only, as before).
    func thumbnailColumns(width: Int, context: RenderContext) -> Int {
        guard thumbnails != nil, width >= Self.minimumWidthForThumbnails,
              context.pictures == .kitty || (context.pictures == .halfBlocks && context.trueColor),
              viewModel.items.contains(where: { $0.posterImagePath != nil }) else { return 0 }
        return Self.thumbnailWidth
    }

    /// Asks for the posters of the items in `visible` (cancelling those that scrolled away) and draws those
    /// loaded, one a row of `column`, cut to the cells' shape so that nothing is stretched.
    func drawThumbnails(of visible: Range<Int>, in column: Canvas, context: RenderContext) {
        guard let thumbnails else { return }
        let items = viewModel.items[visible]
        let cell = context.cellPixels
        // Pixels across the column: kitty draws them all; half blocks one a column (the smallest poster).
        let pixels = context.pictures == .kitty ? column.size.width * cell.width : column.size.width
        thumbnails.show(items.compactMap(\.posterImagePath), width: pixels)
        for (row, item) in zip(0..., items) {
            guard let path = item.posterImagePath, let picture = thumbnails.pictures[path] else { continue }
            let box = Region(column: 0, row: row, width: column.size.width, height: 1)
            let thumbnail = picture.cropped(toProportions: column.size.width * cell.width, cell.height)
            PictureView(thumbnail, mode: context.pictures).draw(in: column.canvas(in: box))
        }
    }
}
