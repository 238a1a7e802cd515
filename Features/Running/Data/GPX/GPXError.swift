import StrataBase

/// Why a GPX file can't be used, naming the file and, for a broken file, the line.
public enum GPXError: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case malformed(file: String, line: Int, reason: String)
    case invalidValue(file: String, line: Int, element: String, field: String, value: String)
    case notGPX(file: String, rootElement: String)
    case nothingToRun(file: String, waypoints: Int)
    /// `<trk>` elements whose segments hold no point (and no route to run instead).
    case emptyTracks(file: String, tracks: Int)
    /// Legal XML in an encoding this reader doesn't take (UTF-16).
    case unsupportedEncoding(file: String, encoding: String)
    /// A file the sandbox of Running's helper keeps out: it reads only inside `folder`, and what the user names
    /// on the command line.
    case outsideSandbox(file: String, folder: String)

    /// The reason of ``unreadable(file:reason:)`` when the file may not be read.
    static let permissionDenied = "permission denied"

    public var file: String {
        switch self {
        case .unreadable(let file, _), .malformed(let file, _, _), .invalidValue(let file, _, _, _, _),
            .notGPX(let file, _), .nothingToRun(let file, _), .emptyTracks(let file, _), .unsupportedEncoding(let file, _),
            .outsideSandbox(let file, _):
            file
        }
    }

    /// The line of the problem, for a broken file.
    public var line: Int? {
        switch self {
        case .malformed(_, let line, _), .invalidValue(_, let line, _, _, _): line
        default: nil
        }
    }

    /// What is wrong, naming the file with its bytes that aren't UTF-8 escaped (``CommandLineWord/escaped(_:)``).
    public var description: String {
        let file = CommandLineWord.escaped(file)
        return switch self {
        case .unreadable(_, let reason):
            "can't read the track \(file): \(reason). Check the path."
        case .malformed(_, let line, let reason):
            "\(file):\(line): not well-formed XML (\(reason)). Export the track again or fix the file."
        case .invalidValue(_, let line, let element, let field, let value):
            "\(file):\(line): <\(element)> has \(field) \"\(value)\", which is not a valid number or time, or out of range. Fix or remove that point."
        case .notGPX(_, let root):
            "\(file) is not a GPX file (its root element is <\(root)>, expected <gpx>). Use a GPX 1.0 or 1.1 export."
        case .nothingToRun(_, let waypoints):
            "\(file) has no track or route to run (only \(waypoints) waypoint\(waypoints == 1 ? "" : "s")). Use a file with a <trk> or an <rte>."
        case .emptyTracks(_, let tracks):
            "\(file) has \(tracks == 1 ? "a <trk>" : "\(tracks) <trk>s") with no points in \(tracks == 1 ? "it" : "them") (empty <trkseg>s), so nothing to run. "
                + "Export the track again with its points."
        case .unsupportedEncoding(_, let encoding):
            "\(file) is \(encoding), which is not supported. Save it as UTF-8 (the GPX exports of watches and apps are)."
        case .outsideSandbox(_, let folder):
            "can't read the track \(file): Running runs in a sandboxed helper, which reads only the tracks in its folder \(folder) and those named "
                + "on the command line (strata running run --track FILE). Copy the track into that folder, or set \"isolation\": \"none\" under "
                + "features.running in strata's config."
        }
    }
}
