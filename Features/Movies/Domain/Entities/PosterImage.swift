/// A decoded poster: pixels in 8-bit RGB, row by row from the top, three bytes a pixel.
public struct PosterImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height × 3` bytes.
    public let rgb: [UInt8]

    /// A poster of `width × height` pixels; `rgb` must hold three bytes for each.
    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgb.count == width * height * 3, "rgb holds \(rgb.count) bytes, not \(width)×\(height)×3")
        self.width = width
        self.height = height
        self.rgb = rgb
    }
}
