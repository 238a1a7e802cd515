import Foundation
@testable import StrataBase
import Testing

@Suite struct JSONValueTests {
    private func parse(_ text: String) throws(JSONValue.SyntaxError) -> JSONValue {
        try JSONValue.parse(Array(text.utf8)).value
    }

    private func syntaxError(_ text: String) -> JSONValue.SyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": ""} "#)
        #expect(value == .object(["a": .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null]),
                                  "b": .object(["c": .string("d")]), "e": .string("")]))
        #expect(try parse("42") == .number(42))
    }

    @Test func readsEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\u00e9\ud83c\udfac""#) == .string("a\"b\\c/d\n\té🎬"))
        #expect(try parse(#""lone \ud800 surrogate""#) == .string("lone \u{FFFD} surrogate"))
        #expect(try parse("\"Amélie 한국\"") == .string("Amélie 한국"))
    }

    @Test func agreesWithFoundationOnAStringWithEveryEscape() throws {
        let original = "quote \" backslash \\ slash / controls \u{01}\u{1F} tab \t newline \n emoji 🎬"
        let encoded = try JSONEncoder().encode(["text": original])
        #expect(try JSONValue.parse(Array(encoded)).value == .object(["text": .string(original)]))
    }

    @Test func errorsNameTheLineAndColumnOfTheProblem() {
        #expect(syntaxError("{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}") == .init(line: 3, column: 13, detail: "a trailing comma before a closing bracket (JSON allows none); remove it"))
        #expect(syntaxError("{\"a\": 1 \"b\": 2}")?.detail == "expected ',' or '}'")
        #expect(syntaxError("{\"é\": tru}").map { [$0.line, $0.column] } == [1, 7])
        #expect(syntaxError("[1, 2")?.detail == "the text ends before the closing ']'")
        #expect(syntaxError("\"a\nb\"")?.detail == "a control character in a string; write it as an escape such as \\n")
        #expect(syntaxError("[01]")?.detail == "a number can't start with 0")
        #expect(syntaxError("{} {}")?.detail == "unexpected text after the JSON value")
        #expect(syntaxError("")?.detail == "the text ends where a value was expected")
        #expect(syntaxError("{a: 1}")?.detail == "expected a key in double quotes")
        #expect(syntaxError(#""\x""#)?.detail.hasPrefix("an unknown escape") == true)
        #expect(syntaxError(#""\u12""#)?.detail == "\\u must be followed by four hex digits")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(syntaxError(deep)?.detail == "nested deeper than 512 levels")
        #expect(throws: Never.self) { try parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) }
    }

    @Test func keysGivenTwiceAreReportedWithTheirPathAndLines() throws {
        let document = try JSONValue.parse(Array("{\n\"a\": {\"b\": 1,\n \"b\": 2},\n\"list\": [{\"x\": 1, \"x\": 2}]}".utf8))
        #expect(document.duplicateKeys == [.init(keyPath: "a.b", firstLine: 2, secondLine: 3),
                                           .init(keyPath: "list[].x", firstLine: 4, secondLine: 4)])
        #expect(document.value == .object(["a": .object(["b": .number(2)]), "list": .array([.object(["x": .number(2)])])]))
    }

    /// Long objects are indexed rather than searched: a key repeated before, at and after the 16th member is
    /// still reported once, against its first line, and the last value wins.
    @Test func keysGivenTwiceInALongObjectAreReportedToo() throws {
        let keys = (1...40).map { "k\($0)" } + ["k2", "k16", "k17", "k17"]
        let text = "{\n" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",\n") + "\n}"
        let document = try JSONValue.parse(Array(text.utf8))
        #expect(document.duplicateKeys == [.init(keyPath: "k2", firstLine: 3, secondLine: 42),
                                           .init(keyPath: "k16", firstLine: 17, secondLine: 43),
                                           .init(keyPath: "k17", firstLine: 18, secondLine: 44),
                                           .init(keyPath: "k17", firstLine: 18, secondLine: 45)])
        guard case .object(let fields) = document.value else { Issue.record("not an object"); return }
        #expect(fields.count == 40 && fields["k17"] == .number(43) && fields["k2"] == .number(40))
    }
}

/// Fixed decimals without `String(format:)`, which is Foundation's.
@Suite struct DecimalFormattingTests {
    @Test(arguments: [(2.345, 1, "2.3"), (2.35, 1, "2.4"), (3, 2, "3.00"), (0.004, 2, "0.00"), (-0.004, 2, "0.00"),
                      (-1.25, 1, "-1.3"), (9.996, 2, "10.00"), (12.5, 0, "13"), (0.07, 2, "0.07")])
    func roundsHalfAwayFromZeroAndPads(value: Double, places: Int, text: String) {
        #expect(decimal(value, places: places) == text)
    }

    /// One wording of seconds for every message: whole ones plain, others to one decimal.
    @Test(arguments: [(30.0, "30 s"), (0.5, "0.5 s"), (2.25, "2.3 s"), (0.04, "0.0 s"), (120, "120 s")])
    func secondsAreWholeOrToOneDecimal(seconds: Double, text: String) {
        #expect(secondsText(seconds) == text)
    }
}
