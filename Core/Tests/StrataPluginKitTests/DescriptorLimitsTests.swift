import Testing
@testable import StrataPluginKit

/// A descriptor past a limit is refused with the limit it breaks: strata reads every descriptor on every
/// command, so a huge one would slow them all down.
@Suite struct DescriptorLimitsTests {
    static func json(commands: [String], settings: [String] = []) -> [UInt8] {
        Array(#"{"id":"huge","displayName":"Huge","version":"1.0.0","summary":"s","commands":[\#(commands.joined(separator: ","))],"settings":[\#(settings.joined(separator: ","))]}"#.utf8)
    }

    @Test func twentyThousandCommandsAreRefusedNamingTheLimit() {
        let commands = (0..<20_000).map { #"{"words":["w\#($0)"],"summary":"s"}"# }
        #expect(throws: PluginDescriptorError.invalid(["it declares 20000 commands, more than the 500 a descriptor may declare"])) {
            try PluginDescriptorSection.decodeJSON(Self.json(commands: commands))
        }
    }

    @Test func aDescriptorAtEveryLimitIsAccepted() throws {
        let flags = (0..<PluginDescriptor.Limits.entriesPerCommand).map { #"{"name":"--f\#($0)","help":"h"}"# }.joined(separator: ",")
        let words = (0..<PluginDescriptor.Limits.wordsPerCommand).map { #""w\#($0)""# }.joined(separator: ",")
        let commands = [#"{"words":[\#(words)],"summary":"s","flags":[\#(flags)]}"#]
            + (1..<PluginDescriptor.Limits.commands).map { #"{"words":["c\#($0)"],"summary":"\#(String(repeating: "x", count: PluginDescriptor.Limits.textLength))"}"# }
        let settings = (0..<PluginDescriptor.Limits.settings).map { #"{"key":"k\#($0)","type":"string","description":"d"}"# }
        let descriptor = try PluginDescriptorSection.decodeJSON(Self.json(commands: commands, settings: settings))
        #expect(descriptor.commands.count == PluginDescriptor.Limits.commands)
    }

    @Test func eachLimitIsNamedWhenItIsBroken() {
        let base = PluginDescriptor(id: "huge", displayName: "Huge", version: "1.0.0", summary: "s")
        var words = base
        words.commands = [.init(words: (0...8).map { "w\($0)" }, summary: "s")]
        #expect(words.problems == ["it declares 9 words in command 'w0 w1 w2 w3 w4 w5 w6 w7', more than the 8 a descriptor may declare"])
        var flags = base
        flags.commands = [.init(words: ["c"], summary: "s", spec: CommandSpec(flags: (0...64).map { .init("--f\($0)", help: "h") }))]
        #expect(flags.problems == ["it declares 65 flags of command 'c', more than the 64 a descriptor may declare"])
        var settings = base
        settings.settings = (0...200).map { .init(key: "k\($0)", type: .string, defaultValue: nil, description: "d", secret: false) }
        #expect(settings.problems == ["it declares 201 settings, more than the 200 a descriptor may declare"])
        var text = base
        text.summary = String(repeating: "é", count: 1_001)
        #expect(text.problems.first?.hasPrefix("a text of 1001 characters") == true, "\(text.problems)")
        #expect(text.problems.first?.contains("longer than the 1000 a descriptor may hold") == true)
    }

    /// The duplicate checks are linear: a descriptor at the limit with every command declared twice
    /// reports each duplicate once.
    @Test func duplicatesAreFoundAtTheLimit() {
        var descriptor = PluginDescriptor(id: "huge", displayName: "Huge", version: "1.0.0", summary: "s")
        descriptor.commands = (0..<PluginDescriptor.Limits.commands).map { .init(words: ["c\($0 % 250)"], summary: "s") }
        #expect(descriptor.problems.count == 250)
    }
}
