/// A horizontal bar filled in proportion to a fraction, followed by the percentage:
/// `Downloading ██████░░░░░░ 50%`.
public struct ProgressBar: Component {
    /// How much is done, from 0 to 1 (values outside are clamped).
    public var fraction: Double
    /// Text before the bar (optional).
    public var label: String
    /// The style of the filled part (the empty part is dim).
    public var style: Style

    /// Creates a progress bar.
    public init(fraction: Double, label: String = "", style: Style = .plain) {
        self.fraction = fraction
        self.label = label
        self.style = style
    }

    /// The fraction clamped to 0…1 (NaN counts as 0).
    var clamped: Double { fraction.isNaN ? 0 : min(1, max(0, fraction)) }

    /// Draws the label, the bar over the remaining width, and the percentage, on the first row.
    public func draw(in canvas: Canvas) {
        let percent = " \(Int((clamped * 100).rounded(.down)))%"
        var column = 0
        if !label.isEmpty { column += canvas.draw(label + " ", row: 0) }
        let barWidth = max(0, canvas.size.width - column - percent.count)
        let filled = Int((clamped * Double(barWidth)).rounded(.down))
        column += canvas.draw(String(repeating: "█", count: filled), column: column, row: 0, style: style)
        column += canvas.draw(String(repeating: "░", count: barWidth - filled), column: column, row: 0, style: .dim)
        canvas.draw(percent, column: column, row: 0)
    }
}

/// A spinning indicator with a message, for work in progress: `⠹ Searching…`.
///
/// The frame comes from ``RenderContext/frame``; a screen showing a spinner returns true from
/// ``Screen/isAnimating`` so that the frame advances.
public struct Spinner: Component {
    /// The animation, one character per frame.
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The message next to the spinner.
    public var message: String
    /// The animation frame (any integer; it wraps around).
    public var frame: Int

    /// Creates a spinner.
    public init(_ message: String, frame: Int) {
        self.message = message
        self.frame = frame
    }

    /// Draws the spinner and the message on the first row.
    public func draw(in canvas: Canvas) {
        let symbol = Self.frames[((frame % Self.frames.count) + Self.frames.count) % Self.frames.count]
        canvas.draw("\(symbol) \(message)", row: 0)
    }
}
