import Foundation
import Testing
@testable import RunningData

/// Broken files are made from a real export by cutting it, as an interrupted download or copy would.
struct MalformedGPXTests {
    private func cut(_ name: String, keepingLines count: Int) throws -> Data {
        // Bytes, not a String: a String sees "\r\n" as one character, and some fixtures use CRLF.
        let lines = try Data(contentsOf: GPXFixtures.url(name)).split(separator: 10, omittingEmptySubsequences: false)
        return Data(lines.prefix(count).joined(separator: [10]))
    }

    @Test func aFileCutShortReportsTheLineWhereItBroke() throws {
        let data = try cut("togeojson_run_gpxtpx.gpx", keepingLines: 20)
        let error = #expect(throws: GPXError.self) { try GPXParser().parse(data: data, file: "cut.gpx") }
        #expect(error?.line == 20)
        #expect(error?.description.hasPrefix("cut.gpx:20: not well-formed XML") == true)
    }

    @Test func aFileCutMidTagReportsItsLine() throws {
        let full = try Data(contentsOf: GPXFixtures.url("togeojson_run_gpxtpx.gpx"))
        let data = full.prefix(1000)
        let line = data.filter { $0 == 10 }.count + 1
        let error = #expect(throws: GPXError.self) { try GPXParser().parse(data: Data(data), file: "cut.gpx") }
        #expect(error?.line == line)
        #expect(error?.description.contains("cut short") == true)
    }

    @Test func aLargeFileOnDiskCutShortReportsItsLastLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("running-gpx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cut.gpx")
        try cut("coregpx_GPXTest-TrackPointOnly.gpx", keepingLines: 12_345).write(to: file)
        let error = #expect(throws: GPXError.self) { try GPXParser().parse(contentsOf: file) }
        #expect(error?.line == 12_345)
        #expect(error?.file == "cut.gpx")
    }

    @Test func anotherXMLDocumentIsNotGPX() {
        #expect(throws: GPXError.notGPX(file: "doc.kml", rootElement: "kml")) {
            try GPXParser().parse(data: Data("<?xml version=\"1.0\"?>\n<kml></kml>\n".utf8), file: "doc.kml")
        }
    }

    /// Found with the Fuzz/Gpx harness: an elevation of 1e308 was kept, its climb summed to infinity, and the track's
    /// report trapped converting it to whole metres.
    @Test func anElevationBeyondTheEdgeOfSpaceIsAnInvalidValue() throws {
        let gpx = "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"1\" lon=\"1\"><ele>-1e308</ele></trkpt>\n"
            + "<trkpt lat=\"1\" lon=\"1.001\"><ele>1e308</ele></trkpt>\n</trkseg></trk></gpx>\n"
        #expect(throws: GPXError.invalidValue(file: "high.gpx", line: 2, element: "ele", field: "the elevation", value: "-1e308")) {
            try GPXParser().parse(data: Data(gpx.utf8), file: "high.gpx")
        }
        let everest = "<gpx version=\"1.1\"><wpt lat=\"27.98\" lon=\"86.92\"><ele>8848.86</ele></wpt><wpt lat=\"0\" lon=\"0\"><ele>-10935</ele></wpt></gpx>"
        #expect(try GPXParser().parse(data: Data(everest.utf8), file: "earth.gpx").waypoints.map(\.elevation) == [8848.86, -10935])
    }

    /// A UTF-16 GPX file is legal XML: it is refused as UTF-16, not as "not well-formed".
    @Test(arguments: [(String.Encoding.utf16LittleEndian, true, "little"), (.utf16BigEndian, true, "big"),
                      (.utf16LittleEndian, false, "little"), (.utf16BigEndian, false, "big")])
    func aUTF16FileIsRefusedAsUTF16(encoding: String.Encoding, byteOrderMark: Bool, order: String) throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>\n"
        let mark: [UInt8] = !byteOrderMark ? [] : order == "little" ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let data = Data(mark) + (text.data(using: encoding) ?? Data())
        let error = #expect(throws: GPXError.unsupportedEncoding(file: "w.gpx", encoding: "UTF-16 (\(order)-endian)")) {
            try GPXParser().parse(data: data, file: "w.gpx")
        }
        #expect(error?.description.contains("not supported. Save it as UTF-8") == true)
    }

    /// A `<trk>` with no points once got "Use a file with a <trk>", which it is.
    @Test func aTrackWithoutPointsSaysSo() async throws {
        let data = Data("<gpx version=\"1.1\"><trk><name>Morning</name><trkseg></trkseg></trk></gpx>\n".utf8)
        let error = #expect(throws: GPXError.emptyTracks(file: "empty.gpx", tracks: 1)) {
            try GPXParser().parse(data: data, file: "empty.gpx").runTrack(fileName: "empty.gpx")
        }
        #expect(error?.description == "empty.gpx has a <trk> with no points in it (empty <trkseg>s), so nothing to run. Export the track again with its points.")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("running-gpx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try data.write(to: folder.appendingPathComponent("empty.gpx"))
        await #expect(throws: GPXError.emptyTracks(file: "empty.gpx", tracks: 1)) {
            try await GPXTrackRepository().statistics(at: folder.appendingPathComponent("empty.gpx"))
        }
    }

    @Test func aFolderIsRefusedAsAFolder() {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(throws: GPXError.unreadable(file: folder, reason: "it is a folder, not a GPX file")) {
            try GPXParser().parse(contentsOf: URL(fileURLWithPath: folder))
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: GPXError.unreadable(file: "/nonexistent/run.gpx", reason: "no such file")) {
            try GPXParser().parse(contentsOf: URL(fileURLWithPath: "/nonexistent/run.gpx"))
        }
    }
}
