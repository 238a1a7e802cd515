import Foundation
import Glibc
import Testing
@testable import StrataHost

/// The helper's wire format reads whatever arrives without trapping: partial frames wait, oversized or
/// unknown ones are errors, and frames cross a real socketpair whole.
@Suite struct HelperWireTests {
    @Test func aFrameRoundTripsAndAPartialOneWaitsForTheRest() throws {
        let frame = HelperWire.Frame(.output, text: "héllo")
        var buffer = Array(frame.bytes.prefix(6))
        #expect(try HelperWire.frame(from: &buffer) == nil, "half a frame is not a frame yet")
        buffer += frame.bytes.dropFirst(6) + HelperWire.Frame(.exit, number: 130).bytes
        #expect(try HelperWire.frame(from: &buffer) == frame)
        #expect(try HelperWire.frame(from: &buffer)?.number == 130)
        #expect(buffer.isEmpty)
    }

    @Test func hostileBytesAreErrorsNotTraps() {
        var huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 1]
        #expect(throws: HelperWire.Problem.tooLarge(Int(UInt32.max))) { try HelperWire.frame(from: &huge) }
        var empty: [UInt8] = [0, 0, 0, 0]
        #expect(throws: HelperWire.Problem.empty) { try HelperWire.frame(from: &empty) }
        var unknown: [UInt8] = [0, 0, 0, 1, 200]
        #expect(throws: HelperWire.Problem.unknownKind(200)) { try HelperWire.frame(from: &unknown) }
        #expect(HelperWire.Frame(.exit, [1, 2, 3]).number == nil, "an exit code is exactly four bytes")
        for _ in 0..<2_000 {
            var random = (0..<Int.random(in: 0...16)).map { _ in UInt8.random(in: 0...255) }
            _ = try? HelperWire.frame(from: &random)
        }
    }

    /// The helper's hello carries how long the plugin took to load and register in it, to the microsecond
    /// (version 6: 20 bytes), and from version 7 the range of versions the helper speaks; a payload of another
    /// length, a time past a day, or a version outside its own range is not one.
    @Test func theHelpersHelloCarriesItsLoadTimesAndItsVersions() {
        let hello = HelperHello(version: 9, load: .microseconds(12_345), register: .milliseconds(3))
        #expect(hello.payload.count == 28 && hello.payload.prefix(4) == [0, 0, 0, 9] && hello.payload.suffix(8) == [0, 0, 0, 6, 0, 0, 0, 9])
        #expect(HelperHello(payload: hello.payload) == hello)
        let previous = HelperHello(version: 6, load: .microseconds(5), register: .zero, versions: .rangeless)
        #expect(previous.payload.count == 20, "version 6's hello, as a helper of version 6 sends it")
        #expect(HelperHello(payload: previous.payload) == previous)
        #expect(HelperHello(payload: HelperWire.Frame(.hello, number: 6).payload) == nil, "a version alone")
        #expect(HelperHello(payload: hello.payload + [0]) == nil)
        #expect(HelperHello(payload: [0, 0, 0, 6] + [UInt8](repeating: 0xFF, count: 16)) == nil, "times past a day")
        #expect(HelperHello(payload: [0, 0, 0, 7] + [UInt8](repeating: 0, count: 16)) == nil, "20 bytes are version 6's")
        #expect(HelperHello(payload: [0, 0, 0, 9] + [UInt8](repeating: 0, count: 16) + [0, 0, 0, 6, 0, 0, 0, 7]) == nil, "a version outside its range")
        #expect(HelperHello(payload: [0, 0, 0, 0] + [UInt8](repeating: 0, count: 16) + [0, 0, 0, 8, 0, 0, 0, 7]) == nil, "a range upside down")
        #expect(HelperHello(version: 7, load: .seconds(-1), register: .seconds(1e9)).payload.count == 28, "clamped, not trapped")
    }

    /// Two ends agree on the highest version both speak, or on none.
    @Test func twoRangesAgreeOnTheHighestVersionBothSpeak() {
        #expect(HelperVersions(lowest: 6, highest: 7).common(with: HelperVersions(lowest: 5, highest: 9)) == 7)
        #expect(HelperVersions(lowest: 6, highest: 9).common(with: .rangeless) == 6)
        #expect(HelperVersions(lowest: 6, highest: 7).common(with: HelperVersions(lowest: 8, highest: 9)) == nil)
        #expect(HelperVersions(lowest: 8, highest: 9).common(with: .rangeless) == nil)
        #expect(HelperVersions(payload: [0, 0, 0, 0, 0, 0, 0, 7]) == nil && HelperVersions(payload: [0, 0, 0, 6, 0, 0, 0]) == nil)
    }

    /// strata opens with version 6's hello and its range in one write: a helper finds the range with it, and
    /// one opened by a strata of version 6 (the hello alone) takes it as speaking 6 only, without waiting.
    @Test func theHelperReadsStratasRangeOrKnowsItIsOfVersion6() throws {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { ends.forEach { close($0) } }
        let (strata, helper) = (HelperChannel(descriptor: ends[0]), HelperChannel(descriptor: ends[1]))
        #expect(HelperHandshake.open(strata))
        #expect(HelperHandshake.strataVersions(after: try helper.receive(), on: helper) == .spoken)
        strata.send(.init(.hello, number: 6))
        #expect(HelperHandshake.strataVersions(after: try helper.receive(), on: helper) == .rangeless)
        strata.send(.init(.hello, number: 7))
        #expect(HelperHandshake.strataVersions(after: try helper.receive(), on: helper) == nil, "an opening other than version 6's")
    }

    /// strata takes a helper's hello of the highest version both speak, a helper of version 6 among them, and
    /// refuses one with no version in common in a sentence naming both ranges.
    @Test func strataRefusesAHelperWithNoVersionInCommonNamingBoth() {
        #expect(HelperHandshake.refusal(of: HelperHello(version: 9, load: .zero, register: .zero)) == nil)
        #expect(HelperHandshake.refusal(of: HelperHello(version: 7, load: .zero, register: .zero, versions: HelperVersions(lowest: 6, highest: 7))) == nil)
        #expect(HelperHandshake.refusal(of: HelperHello(version: 6, load: .zero, register: .zero, versions: .rangeless)) == nil)
        let future = HelperHello(version: 0, load: .zero, register: .zero, versions: HelperVersions(lowest: 10, highest: 11))
        #expect(
            HelperHandshake.refusal(of: future)
                == "speaks wire versions 10 to 11 and this strata speaks versions 6 to 9, so they have no version in common (strata's file may "
                + "have been replaced since this strata started). Start strata again, or reinstall it, so that both come from one release")
        #expect(HelperHandshake.refusal(of: HelperHello(version: 6, load: .zero, register: .zero))?.contains("not 9, the highest both speak") == true)
    }

    /// A command line crosses in its compact form (version 4) as it was, the files it names too; bytes that
    /// are not one (a count or length past the end, an unknown flag, UTF-8 that isn't, bytes after the words)
    /// are refused, never trapped on.
    @Test func aCommandLineRoundTripsAndHostileBytesAreRefused() {
        let request = HelperRequest(words: ["hostile", "echo", "héllo wörld", ""], isTerminal: true)
        #expect(HelperRequest(payload: request.payload) == request)
        let withFiles = HelperRequest(
            words: ["running", "import", "--track=lake.gpx"], isTerminal: false, files: [HelperFileArgument(index: 2, prefix: "--track=", name: "lake.gpx")])
        #expect(HelperRequest(payload: withFiles.payload) == withFiles)
        #expect(HelperRequest(payload: [0, 0, 0, 0, 0]) == HelperRequest(words: [], isTerminal: false))
        #expect(HelperRequest(payload: []) == nil)
        #expect(HelperRequest(payload: [8, 0, 0, 0, 0]) == nil, "an unknown flag")
        #expect(HelperRequest(payload: [0, 0, 0, 0, 1, 0, 0, 0, 5, 65]) == nil, "a word longer than what is left")
        #expect(HelperRequest(payload: [0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0]) == nil, "more words than bytes")
        #expect(HelperRequest(payload: [0, 0, 0, 0, 1, 0, 0, 1]) == nil, "a length cut short")
        #expect(HelperRequest(payload: [0, 0, 0, 0, 1, 0, 0, 0, 1, 0xFF]) == nil, "not UTF-8")
        #expect(HelperRequest(payload: [0, 0, 0, 0, 0, 65]) == nil, "bytes after the words")
        #expect(HelperRequest(payload: [2, 0, 0, 0, 0] + Array("[{".utf8)) == nil, "files that aren't JSON")
        for _ in 0..<2_000 {
            _ = HelperRequest(payload: (0..<Int.random(in: 0...16)).map { _ in UInt8.random(in: 0...6) })
        }
    }

    @Test func framesCrossASocketpairWholeAndTextPastAFrameIsSplit() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let (host, helper) = (HelperChannel(descriptor: ends[0]), HelperChannel(descriptor: ends[1]))
        defer { ends.forEach { close($0) } }
        let long = String(repeating: "x", count: HelperWire.maximumPayload + 10)
        let sender = Thread { host.send(.init(.output, text: long)) }
        sender.start()
        let first = try helper.receive(), second = try helper.receive()
        #expect(first.payload.count == HelperWire.maximumPayload && second.payload.count == 10)
        close(ends[0])
        ends[0] = -1
        #expect(throws: HelperWire.Problem.closed) { try helper.receive() }
    }
}
