/// The size of one terminal cell in pixels, as the terminal reports it (`TIOCGWINSZ`'s `ws_xpixel` and
/// `ws_ypixel` over its columns and rows): what keeps a picture's proportions on screen.
public struct CellPixelSize: Hashable, Sendable {
    public let width: Int
    public let height: Int

    /// A cell `width × height` pixels; nil unless both are from 1 to 1000.
    public init?(width: Int, height: Int) {
        guard (1...1000).contains(width), (1...1000).contains(height) else { return nil }
        self.width = width
        self.height = height
    }

    /// What a terminal that doesn't report its cell size is taken to have: a cell twice as tall as wide.
    public static let assumed = CellPixelSize(width: 1, height: 2)!

    /// What asks a terminal for its cell size in pixels (`CSI 16 t`); the answer comes in with the keys, as
    /// ``Key/unknown(_:)``, and ``init(report:)`` reads it.
    public static let query = "\u{1B}[16t"

    /// The cell size in a terminal's answer to ``query``, `ESC [ 6 ; height ; width t`; nil for other bytes.
    public init?(report bytes: [UInt8]) {
        guard bytes.count <= 32, bytes.starts(with: [0x1B, 0x5B]), bytes.last == UInt8(ascii: "t") else { return nil }
        let fields = String(decoding: bytes.dropFirst(2).dropLast(), as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "6", let height = Int(fields[1]), let width = Int(fields[2]) else { return nil }
        self.init(width: width, height: height)
    }

    /// The cell size a window of `columns × rows` cells and `pixelWidth × pixelHeight` pixels has; nil when
    /// the terminal leaves the pixels 0 (most do, and tmux always), or they are not a whole cell each.
    public init?(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) {
        guard columns > 0, rows > 0 else { return nil }
        self.init(width: pixelWidth / columns, height: pixelHeight / rows)
    }
}
