import Foundation
import Glibc
import StrataPluginKit
import Testing
@testable import StrataHost

/// The files a user names on a process-isolated plugin's command line: found as the parser reads the line,
/// sent as descriptors beside their frame, and copied under their own name in the helper's folder.
@Suite struct HelperFilesTests {
    /// A pipe holding `text`, its write end closed: the read end stands in for an opened file.
    func pipe(holding text: String) -> Int32 {
        var ends: [Int32] = [-1, -1]
        _ = Glibc.pipe(&ends)
        _ = text.withCString { write(ends[1], $0, strlen($0)) }
        close(ends[1])
        return ends[0]
    }

    @Test func descriptorsCrossWithTheirFrameAndInOrder() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let (host, helper) = (HelperChannel(descriptor: ends[0]), HelperChannel(descriptor: ends[1]))
        defer { ends.forEach { close($0) } }
        let files = [pipe(holding: "first"), pipe(holding: "second")]
        defer { files.forEach { close($0) } }
        #expect(host.send(.init(.output, text: "before")))
        #expect(host.send(.init(.run, text: "with files"), descriptors: files))
        #expect(host.send(.init(.output, text: "after")))
        #expect(!host.send(.init(.run), descriptors: Array(repeating: files[0], count: HelperChannel.maximumDescriptors + 1)), "bounded")
        var received: [Int32] = []
        #expect(try helper.receive(descriptors: &received).text == "before")
        #expect(try helper.receive(descriptors: &received).text == "with files")
        #expect(try helper.receive(descriptors: &received).text == "after")
        #expect(received.count == 2)
        let texts = received.map { descriptor in
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = read(descriptor, &bytes, bytes.count)
            close(descriptor)
            return String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
        }
        #expect(texts == ["first", "second"])
    }

    /// strata's parse (wire version 9) names the helper's copies where the command declares a file, and only
    /// there: a title that happens to be the track's path, a text option, and a file the command writes keep
    /// their values.
    @Test func strataParseNamesTheCopiesOfItsFilesOnly() {
        let spec = CommandSpec(
            arguments: [CommandSpec.Argument("TITLE", help: "h"), CommandSpec.Argument("FILE", help: "h", repeats: true, fileExtensions: ["gpx"])],
            options: [
                CommandSpec.Option("--track", value: "FILE", help: "h", fileExtensions: []), CommandSpec.Option("--note", value: "TEXT", help: "h"),
                CommandSpec.Option("--to", value: "FILE", help: "h", fileExtensions: [], writes: true),
            ])
        let parsed = CommandArguments(
            positionals: ["a.gpx", "a.gpx", "b.gpx"], options: ["--track": ["b.gpx", "c.gpx"], "--note": ["a.gpx"], "--to": ["a.gpx"]], flags: ["--json"])
        let named = parsed.naming(["a.gpx": "/d/0/a.gpx", "b.gpx": "/d/1/b.gpx"], spec: spec)
        #expect(named.positionals == ["a.gpx", "/d/0/a.gpx", "/d/1/b.gpx"])
        #expect(named.givenOptions == ["--track": ["/d/1/b.gpx", "c.gpx"], "--note": ["a.gpx"], "--to": ["a.gpx"]] && named.givenFlags == ["--json"])
        #expect(parsed.naming([:], spec: spec) == parsed)
    }

    @Test func fileAndFolderValuesAreFoundAsTheParserReadsTheLine() {
        let spec = CommandSpec(
            arguments: [CommandSpec.Argument("FILE", help: "h", repeats: true, fileExtensions: ["gpx"])],
            options: [
                CommandSpec.Option("--track", value: "FILE", help: "h", fileExtensions: []), CommandSpec.Option("--goal", value: "KM", help: "h"),
                CommandSpec.Option("--session-dir", value: "DIR", help: "h"), CommandSpec.Option("--to", value: "FILE", help: "h", writes: true),
            ],
            flags: [CommandSpec.Flag("--json", help: "h")])
        let words = ["a.gpx", "--json", "--track=b.gpx", "--goal", "c.gpx", "--session-dir", "s", "--to=out.csv", "--", "-d.gpx"]
        #expect(
            HelperFileValue.values(in: words, spec: spec) == [
                HelperFileValue(index: 0, prefix: "", path: "a.gpx"), HelperFileValue(index: 2, prefix: "--track=", path: "b.gpx"),
                HelperFileValue(index: 6, prefix: "", path: "s", kind: .folder(option: "--session-dir")),
                HelperFileValue(index: 7, prefix: "--to=", path: "out.csv", kind: .written(option: "--to")), HelperFileValue(index: 9, prefix: "", path: "-d.gpx"),
            ])
        #expect(HelperFileValue.values(in: ["--track"], spec: spec).isEmpty, "an option without its value names nothing")
    }

    @Test func eachFileIsCopiedUnderItsNameAndGoesWithTheCommand() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("helper-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        var words = ["running", "run", "--track=/far/away/lake.gpx", "--mate-track", "/else/../"]
        let arguments = [
            HelperFileArgument(index: 2, prefix: "--track=", name: "lake.gpx"), HelperFileArgument(index: 4, prefix: "", name: ".."),
        ]
        let copies = try HelperFileCopies.make(arguments, descriptors: [pipe(holding: "lake"), pipe(holding: "mate")], words: &words, dataFolder: data).get()
        let folder = PrivateFolder.perProcess(in: data.appendingPathComponent(".strata-files")).path
        #expect(words[2] == "--track=\(folder)/0/lake.gpx" && words[4] == "\(folder)/1/file")
        #expect(try String(contentsOfFile: "\(folder)/0/lake.gpx", encoding: .utf8) == "lake")
        copies.remove()
        #expect(!FileManager.default.fileExists(atPath: folder))

        // A dead helper's folder goes when another helper makes its copies; a running one's, which it holds
        // (an flock), stays, whatever its name: every helper is pid 2 in its own namespace.
        let root = data.appendingPathComponent(".strata-files")
        for name in ["2-running", "2-ended"] { try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true) }
        let running = open(root.appendingPathComponent("2-running").path, O_RDONLY | O_DIRECTORY)
        defer { close(running) }
        #expect(flock(running, LOCK_EX) == 0)
        var again = ["running", "run", "--track=/far/away/lake.gpx"]
        try HelperFileCopies.make(Array(arguments.prefix(1)), descriptors: [pipe(holding: "lake")], words: &again, dataFolder: data).get().remove()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["2-running"])

        var short = ["x"]
        let refused = HelperFileCopies.make(arguments, descriptors: [pipe(holding: "")], words: &short, dataFolder: data)
        #expect(throws: HelperFileRefusal.self) { try refused.get() }
    }
}
