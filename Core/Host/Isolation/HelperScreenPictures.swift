import StrataTerminal

/// The pictures a helper's screen placed through the kitty graphics protocol, as its frame carries them to
/// strata (``HelperScreenFrame/pictures``), which shows them as it shows a screen's pictures in its own
/// process (``PictureView``, then `FrameRenderer`'s `KittyImages`: each sent to the terminal once while the
/// terminal holds it).
///
/// A picture's pixels cross once: the frame that places it first carries them under an id the helper gives
/// it; a frame that places it again carries the id alone, as long as every frame since placed it. strata
/// holds the pictures the last frame placed, and no others (``HelperHeldPictures``); the helper keeps the
/// same record (``HelperSentPictures``), so the two agree without a message of their own.
extension HelperScreenFrame {
    /// A picture the frame places over its cells (``region``, cells of the frame), named by the helper's id.
    struct Placement: Equatable, Sendable {
        var region: Region
        var id: UInt32
        /// Its pixels, when the frame sends them; `nil` when strata holds them from the frame before (once
        /// strata has read the frame, ``HelperHeldPictures`` fills them in).
        var picture: Picture?
    }

    /// The most pictures a frame places.
    static let maximumPictures = 128
    /// The most bytes of pixels (3 a pixel) one picture holds, and the most pixels of either of its sides:
    /// the helper sends a larger one scaled down (the terminal scales it into its cells anyway). A poster of
    /// TMDB's w342, which Movies shows at 80 × 24, is 526,338 bytes: it crosses as it is, and kitty gets the
    /// same bytes as from strata's process; one of w500 (1,125,000) is scaled.
    static let maximumPictureBytes = 768 << 10
    static let maximumPictureSide = 4096
    /// The most bytes of pixels the pictures one frame places hold together, which strata keeps.
    static let maximumHeldBytes = 32 << 20

    /// A placement as bytes: its cells (column, row, width, height: 2 bytes each), the id (4 bytes), then the
    /// picture's width and height in pixels (2 bytes each) and its pixels, or 0 × 0 and no pixels when strata
    /// holds it.
    static func write(_ placement: Placement, to writer: inout WireWriter) {
        let region = placement.region
        for number in [region.column, region.row, region.size.width, region.size.height] { writer.write(UInt16(clamping: number)) }
        writer.write(placement.id)
        guard let picture = placement.picture else { return writer.write(UInt32(0)) }
        writer.write(UInt16(clamping: picture.width))
        writer.write(UInt16(clamping: picture.height))
        writer.write(picture.rgb)
    }

    /// Reads a placement, which must lie whole in a frame of `width × height` cells and hold a picture within
    /// the bounds above.
    static func placement(from reader: inout WireReader, width: Int, height: Int) throws(Problem) -> Placement {
        var numbers: [Int] = []
        for _ in 0..<4 { numbers.append(Int(try read(reader.read(UInt16.self), reader))) }
        let region = Region(column: numbers[0], row: numbers[1], width: numbers[2], height: numbers[3])
        guard region.size.width > 0, region.size.height > 0, region.column + region.size.width <= width, region.row + region.size.height <= height else {
            throw Problem(
                description: "a picture over \(numbers[2])×\(numbers[3]) cells at \(numbers[0]),\(numbers[1]), not within the frame of \(width)×\(height)")
        }
        let id = try read(reader.read(UInt32.self), reader)
        let pixelWidth = Int(try read(reader.read(UInt16.self), reader)), pixelHeight = Int(try read(reader.read(UInt16.self), reader))
        guard pixelWidth != 0 || pixelHeight != 0 else { return Placement(region: region, id: id) }
        let bytes = pixelWidth * pixelHeight * 3  // at most 65535² × 3: no overflow
        guard pixelWidth > 0, pixelHeight > 0, max(pixelWidth, pixelHeight) <= maximumPictureSide, bytes <= maximumPictureBytes else {
            throw Problem(
                description: "a picture of \(pixelWidth)×\(pixelHeight) pixels, more than \(maximumPictureSide) a side or \(maximumPictureBytes) bytes")
        }
        let rgb = try read(reader.read(count: bytes), reader)
        return Placement(region: region, id: id, picture: Picture(width: pixelWidth, height: pixelHeight, rgb: Array(rgb)))
    }

    /// Draws the pictures into `canvas` (the frame's top-left at its own) the way the terminal can, each
    /// that lies whole in it and off `covered` (what strata draws over the frame).
    func drawPictures(in canvas: Canvas, mode: PictureMode, except covered: Region? = nil) {
        for placement in pictures {
            let region = placement.region
            guard let picture = placement.picture, region.column + region.size.width <= canvas.size.width,
                region.row + region.size.height <= canvas.size.height, !(covered.map { Self.overlap(region, $0) } ?? false)
            else { continue }
            PictureView(picture, mode: mode).draw(in: canvas.canvas(in: region))
        }
    }

    private static func overlap(_ one: Region, _ other: Region) -> Bool {
        one.column < other.column + other.size.width && other.column < one.column + one.size.width
            && one.row < other.row + other.size.height && other.row < one.row + one.size.height
    }
}

/// strata's record of the pictures a helper's screen sent: those its last frame placed, by the helper's id.
struct HelperHeldPictures: Sendable {
    private var held: [UInt32: Picture] = [:]

    /// Gives each placement of `frame` its picture, sent in it or held from the frame before, and then holds
    /// those `frame` places. Throws for a placement of an id neither holds, or pictures of more than
    /// ``HelperScreenFrame/maximumHeldBytes`` together; what strata held is kept then.
    mutating func resolve(_ frame: inout HelperScreenFrame) throws(HelperScreenFrame.Problem) {
        var placed: [UInt32: Picture] = [:]
        var bytes = 0
        for index in frame.pictures.indices {
            let id = frame.pictures[index].id
            guard let picture = frame.pictures[index].picture ?? placed[id] ?? held[id] else {
                throw .init(description: "a picture placed by id \(id), which the helper never sent or strata no longer holds")
            }
            if placed[id] != picture {
                if let earlier = placed[id] { bytes -= earlier.rgb.count }
                bytes += picture.rgb.count
                placed[id] = picture
            }
            guard bytes <= HelperScreenFrame.maximumHeldBytes else {
                throw .init(description: "pictures of more than \(HelperScreenFrame.maximumHeldBytes) bytes in one frame")
            }
            frame.pictures[index].picture = picture
        }
        held = placed
    }
}

/// The helper's record of the pictures strata holds for its screen: those the last frame it sent placed, by
/// the id it gave each (``HelperHeldPictures`` is strata's).
struct HelperSentPictures {
    private var held: [Picture: (id: UInt32, bytes: Int)] = [:]
    private var nextID: UInt32 = 1

    /// `frame` with the pictures of `placements` (cells of the app's buffer) that lie whole in `area`, the
    /// frame's cells: a picture strata holds by its id, one it doesn't with its pixels (scaled within
    /// ``HelperScreenFrame/maximumPictureBytes``), as long as the frame stays within a wire frame and the
    /// pictures within what strata holds; the rest are left out (their cells blank).
    mutating func place(_ placements: [PicturePlacement], in area: Region, on frame: HelperScreenFrame) -> HelperScreenFrame {
        var frame = frame
        let inside = placements.filter { placement in
            let region = placement.region
            return region.column >= area.column && region.row >= area.row && region.column + region.size.width <= area.column + area.size.width
                && region.row + region.size.height <= area.row + area.size.height && placement.picture.width > 0 && placement.picture.height > 0
        }.prefix(HelperScreenFrame.maximumPictures)
        guard !inside.isEmpty else {
            held = [:]
            return frame
        }
        // What the frame may still carry once a picture is sent: the rows, and each placement's own 16 bytes,
        // come first (counted once, only for a frame that sends one).
        var room: Int?
        var placed: [Picture: (id: UInt32, bytes: Int)] = [:]
        var heldBytes = 0
        for placement in inside {
            let region = Region(
                column: placement.region.column - area.column, row: placement.region.row - area.row,
                width: placement.region.size.width, height: placement.region.size.height)
            if let known = placed[placement.picture] ?? held[placement.picture] {
                if placed[placement.picture] == nil {
                    guard heldBytes + known.bytes <= HelperScreenFrame.maximumHeldBytes else { continue }
                    heldBytes += known.bytes
                    placed[placement.picture] = known
                }
                frame.pictures.append(.init(region: region, id: known.id))
                continue
            }
            let sent = Self.bounded(placement.picture)
            let left = room ?? HelperWire.maximumPayload - frame.payload.count - 64 - 16 * inside.count
            guard sent.rgb.count <= left, heldBytes + sent.rgb.count <= HelperScreenFrame.maximumHeldBytes else { continue }
            room = left - sent.rgb.count
            heldBytes += sent.rgb.count
            placed[placement.picture] = (nextID, sent.rgb.count)
            frame.pictures.append(.init(region: region, id: nextID, picture: sent))
            nextID = nextID == .max ? 1 : nextID + 1
        }
        held = placed
        return frame
    }

    /// Forgets every picture: strata holds none after a frame that places none.
    mutating func forget() { held = [:] }

    /// `picture`, or it scaled down to the largest within the bounds a frame's picture keeps.
    static func bounded(_ picture: Picture) -> Picture {
        let pixels = Double(picture.width) * Double(picture.height)
        let scale = min(
            1, (Double(HelperScreenFrame.maximumPictureBytes / 3) / pixels).squareRoot(),
            Double(HelperScreenFrame.maximumPictureSide) / Double(max(picture.width, picture.height)))
        guard scale < 1 else { return picture }
        return picture.scaled(toWidth: max(1, Int(Double(picture.width) * scale)), height: max(1, Int(Double(picture.height) * scale)))
    }
}
