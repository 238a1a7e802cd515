import Foundation
import Testing
@testable import RunningData

/// The hand-written scanner against what XML allows in a GPX file, and against input cut anywhere.
struct GPXScannerTests {
    private func events(_ text: String, chunk: Int = 1 << 16) throws(GPXError) -> [GPXEvent] {
        try events(Array(text.utf8), chunk: chunk)
    }

    private func events(_ bytes: [UInt8], chunk: Int = 1 << 16) throws(GPXError) -> [GPXEvent] {
        var scanner = GPXScanner(bytes: bytes, file: "t.gpx", chunk: chunk)
        var events: [GPXEvent] = []
        while let event = try scanner.next() { events.append(event) }
        return events
    }

    private func error(_ text: String) -> GPXError? {
        #expect(throws: GPXError.self) { try events(text) }
        do { _ = try events(text) } catch { return error }
        return nil
    }

    /// Every construct cut at every possible place: reading 1 to 64 bytes at a time gives what one read does.
    @Test(arguments: ["gpxpy_gpx1.1_with_all_fields.gpx", "togeojson_run_gpxtpx.gpx", "gpxpy_unicode_with_bom.gpx",
                      "togeojson_Friday-Evening-Run.gpx"])
    func chunkEdgesChangeNothing(fixture: String) throws {
        let text = try [UInt8](Data(contentsOf: GPXFixtures.url(fixture)))
        let whole = try events(text)
        #expect(whole.count >= 2)
        for chunk in [1, 2, 3, 5, 7, 16, 64] {
            #expect(try events(text, chunk: chunk) == whole, "read \(chunk) bytes at a time")
        }
    }

    @Test func entitiesCDATACommentsAndInstructionsAreReadAsXMLReadsThem() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE gpx [ <!ELEMENT gpx ANY> <!-- a > inside --> ]>
        <!-- a comment with <trk> in it -->
        <gpx version='1.1' creator="R&amp;D &#x263A; &#65;">
          <?processing instruction?>
          <trk><name>Fish &amp; <![CDATA[<chips> & peas]]> &lt;3</name>
            <trkseg>
              <trkpt lat=" 1.5 " lon='-2.25'><ele>
                 10 </ele><!-- <ele>99</ele> --><time>2020-01-01T00:00:00Z</time></trkpt>
              <trkpt lat="1e-3" lon="0"/>
            </trkseg>
          </trk>
        </gpx>
        """
        let time = GPXTime.parse("2020-01-01T00:00:00Z")
        #expect(try events(text) == [
            .root(version: "1.1", creator: "R&D ☺ A"),
            .trackStart, .trackName("Fish & <chips> & peas <3"), .segmentStart,
            .trackPoint(GPXPoint(latitude: 1.5, longitude: -2.25, elevation: 10, time: time)),
            .trackPoint(GPXPoint(latitude: 0.001, longitude: 0)),
        ])
    }

    /// Only GPX's own places count: a track inside extensions, or an `<ele>` of the document, is skipped;
    /// prefixed names are read by their local name.
    @Test func elementsCountOnlyWhereGPXPutsThem() throws {
        let text = """
        <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:ele>5</g:ele>
          <g:extensions><g:trk><g:trkseg><g:trkpt lat="9" lon="9"/></g:trkseg></g:trk></g:extensions>
          <g:wpt lat="1" lon="2"><g:name>not a track name</g:name></g:wpt>
          <g:rte><g:rtept lat="3" lon="4"><g:extensions><g:ele>7</g:ele></g:extensions></g:rtept></g:rte>
        </g:gpx>
        """
        #expect(try events(text) == [
            .root(version: nil, creator: nil),
            .waypoint(GPXPoint(latitude: 1, longitude: 2)),
            .routeStart, .routePoint(GPXPoint(latitude: 3, longitude: 4)),
        ])
    }

    @Test func brokenXMLIsRefusedWithItsLineAndReason() {
        let cases: [(String, Int, String)] = [
            ("<gpx>\n<trk>\n</gpx>", 3, "</gpx> closes <trk>"),
            ("<gpx>\n</gpx>\n<gpx>", 3, "content after the root element"),
            ("<gpx></gpx>\nhello", 2, "content after the root element"),
            ("hello <gpx></gpx>", 1, "text before the root element"),
            ("<gpx>\n<trk><name>a &nbsp; b</name></trk></gpx>", 2, "an unknown entity &nbsp;"),
            ("<gpx>\n\n<trk><name>a & b</name></trk></gpx>", 3, "a '&' that starts no entity reference (write &amp;)"),
            ("<gpx><wpt lat=1 lon=2/></gpx>", 1, "an attribute value without quotes"),
            ("<gpx></trk>", 1, "</trk> closes <gpx>"),
            ("", 1, "no root element"),
            ("<gpx>\n<trk <name>", 2, "a '<' inside a tag"),
        ]
        for (text, line, reason) in cases {
            #expect(error(text) == .malformed(file: "t.gpx", line: line, reason: reason), "\(text)")
        }
    }

    @Test func inputCutAnywhereIsReportedAsCutShortAtItsLastLine() throws {
        let text = "<gpx>\n<!-- c -->\n<trk><name><![CDATA[x]]></name>\n<trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk>\n</gpx>"
        let bytes = Array(text.utf8)
        for length in 1..<bytes.count {
            let prefix = String(decoding: bytes.prefix(length), as: UTF8.self)
            let lines = prefix.filter { $0 == "\n" }.count + 1
            #expect(error(prefix) == .malformed(file: "t.gpx", line: lines, reason: "the file ends before </gpx>; it was probably cut short"),
                    "cut after \(length) bytes")
        }
    }

    @Test func hostileSizesAreRefusedNotHeld() {
        let deep = String(repeating: "<a>", count: GPXScanner.maximumDepth + 1)
        #expect(error("<gpx>" + deep)?.description.contains("nested over") == true)
        let longName = "<gpx><trk><name>" + String(repeating: "x", count: GPXScanner.limit + 1) + "</name></trk></gpx>"
        #expect(error(longName)?.description.contains("longer than 1 MiB") == true)
        let longTag = "<gpx><wpt lat=\"1\" lon=\"2\" x=\"" + String(repeating: "y", count: GPXScanner.limit + 1) + "\"/></gpx>"
        #expect(error(longTag)?.description.contains("a tag longer than 1 MiB") == true)
    }

    @Test(arguments: [("12", 12.0), ("-0.5", -0.5), ("+3.25", 3.25), (" 7.125\n", 7.125), ("45.380600095", 45.380600095),
                      ("1e3", 1000), ("123456789.123456789", 123456789.123456789), (".5", 0.5), ("5.", 5)])
    func numbersReadAsTheStandardLibraryReadsThem(text: String, value: Double) {
        #expect(GPXScanner.number(Array(text.utf8)) == value)
    }

    @Test(arguments: ["", "-", ".", "1.2.3", "12a", "--1"])
    func notNumbers(text: String) {
        #expect(GPXScanner.number(Array(text.utf8)) == nil)
    }
}
