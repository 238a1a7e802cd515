import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads GPX 1.0 and 1.1 files by streaming them through `XMLParser`: the file is never held as a tree,
/// only the points that matter (track, route and waypoint positions with elevation and time).
public struct GPXParser: Sendable {
    public init() {}

    /// Parses the file at `url`.
    /// - Throws: `GPXError` naming the file, with the line number for a broken file.
    public func parse(contentsOf url: URL) throws(GPXError) -> GPXDocument {
        let file = url.lastPathComponent
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw .unreadable(file: url.path, reason: FileManager.default.fileExists(atPath: url.path)
                ? "permission denied" : "no such file")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .unreadable(file: url.path, reason: "it is a folder, not a GPX file")
        }
        guard let stream = InputStream(url: url) else { throw .unreadable(file: url.path, reason: "can't open it") }
        return try parse(XMLParser(stream: stream), file: file) { try Self.lineCount(of: url) }
    }

    /// Parses GPX held in memory; `file` names it in errors.
    public func parse(data: Data, file: String) throws(GPXError) -> GPXDocument {
        try parse(XMLParser(data: data), file: file) { data.reduce(1) { $1 == 10 ? $0 + 1 : $0 } }
    }

    /// `lastLine` counts the lines of the input; it is only needed when the input ends early.
    private func parse(_ parser: XMLParser, file: String,
                       lastLine: () throws -> Int) throws(GPXError) -> GPXDocument {
        let reader = GPXReader(file: file)
        parser.delegate = reader
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if let problem = reader.problem { throw problem }
        guard ok else {
            let reason = parser.parserError.map(Self.reason) ?? "unknown parser error"
            throw .malformed(file: file, line: max(1, parser.lineNumber), reason: reason)
        }
        guard reader.sawRoot else { throw .malformed(file: file, line: max(1, parser.lineNumber), reason: "no root element") }
        // XMLParser on Linux never tells libxml2 that the input is over, so a file cut short parses "fine":
        // an unclosed root element is the sign.
        guard reader.rootClosed else {
            let line = (try? lastLine()) ?? parser.lineNumber
            throw .malformed(file: file, line: line, reason: "the file ends before </gpx>; it was probably cut short")
        }
        return reader.document
    }

    /// Counts lines by reading the file in chunks (the file may be large).
    private static func lineCount(of url: URL) throws -> Int {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var lines = 1
        while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            lines += chunk.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        }
        return lines
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let code = XMLParser.ErrorCode(rawValue: nsError.code) {
            return "\(code)".replacingOccurrences(of: "Error", with: "") + " (XML error \(nsError.code))"
        }
        return nsError.localizedDescription
    }
}
