import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `XMLParser` delegate behind `GPXParser`: keeps only the path of open elements and the point being read.
final class GPXReader: NSObject, XMLParserDelegate {
    let file: String
    private(set) var document = GPXDocument()
    private(set) var problem: GPXError?
    private(set) var sawRoot = false
    private(set) var rootClosed = false

    private var path: [String] = []
    private var point: GPXPoint?
    private var text = ""
    private var collectingText = false

    init(file: String) { self.file = file }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let name = Self.localName(elementName)
        let parent = path.last
        path.append(name)
        if !sawRoot {
            sawRoot = true
            guard name == "gpx" else { return fail(parser, .notGPX(file: file, rootElement: elementName)) }
            document.version = attributes["version"]
            document.creator = attributes["creator"]
            return
        }
        switch (parent, name) {
        case ("gpx", "trk"): document.tracks.append(GPXTrack())
        case ("trk", "trkseg"): document.tracks[document.tracks.count - 1].segments.append([])
        case ("gpx", "rte"): document.routes.append(GPXRoute())
        case ("trkseg", "trkpt"), ("rte", "rtept"), ("gpx", "wpt"):
            guard let latitude = coordinate(attributes, "lat", range: -90...90, parser),
                  let longitude = coordinate(attributes, "lon", range: -180...180, parser) else { return }
            point = GPXPoint(latitude: latitude, longitude: longitude)
        case ("trkpt", "ele"), ("rtept", "ele"), ("wpt", "ele"), ("trkpt", "time"), ("rtept", "time"),
             ("wpt", "time"), ("trk", "name"), ("rte", "name"):
            text = ""
            collectingText = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collectingText { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if collectingText { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName: String?) {
        let name = path.popLast() ?? Self.localName(elementName)
        let parent = path.last
        if path.isEmpty { rootClosed = true }
        let value = collectingText ? text.trimmingXMLWhitespace() : ""
        switch (parent, name) {
        case (_, "ele") where collectingText:
            collectingText = false
            guard !value.isEmpty else { return }
            guard let elevation = Double(value), elevation.isFinite else {
                return fail(parser, .invalidValue(file: file, line: parser.lineNumber, element: "ele",
                                                  field: "the elevation", value: value))
            }
            point?.elevation = elevation
        case (_, "time") where collectingText:
            collectingText = false
            guard !value.isEmpty else { return }
            guard let time = GPXTime.parse(value) else {
                return fail(parser, .invalidValue(file: file, line: parser.lineNumber, element: "time",
                                                  field: "the time", value: value))
            }
            point?.time = time
        case ("trk", "name") where collectingText:
            collectingText = false
            document.tracks[document.tracks.count - 1].name = value.isEmpty ? nil : value
        case ("rte", "name") where collectingText:
            collectingText = false
            document.routes[document.routes.count - 1].name = value.isEmpty ? nil : value
        case ("trkseg", "trkpt"):
            if let point { appendToSegment(point) }
            point = nil
        case ("rte", "rtept"):
            if let point { document.routes[document.routes.count - 1].points.append(point) }
            point = nil
        case ("gpx", "wpt"):
            if let point { document.waypoints.append(point) }
            point = nil
        default: break
        }
    }

    private func appendToSegment(_ point: GPXPoint) {
        let track = document.tracks.count - 1
        document.tracks[track].segments[document.tracks[track].segments.count - 1].append(point)
    }

    private func coordinate(_ attributes: [String: String], _ key: String, range: ClosedRange<Double>,
                            _ parser: XMLParser) -> Double? {
        let element = path.last ?? "?"
        guard let raw = attributes[key] else {
            fail(parser, .invalidValue(file: file, line: parser.lineNumber, element: element,
                                       field: "no \(key) attribute", value: ""))
            return nil
        }
        guard let value = Double(raw.trimmingXMLWhitespace()), range.contains(value) else {
            fail(parser, .invalidValue(file: file, line: parser.lineNumber, element: element, field: key, value: raw))
            return nil
        }
        return value
    }

    private func fail(_ parser: XMLParser, _ error: GPXError) {
        if problem == nil { problem = error }
        parser.abortParsing()
    }

    private static func localName(_ name: String) -> String {
        name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }
}
