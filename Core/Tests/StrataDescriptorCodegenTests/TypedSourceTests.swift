import StrataDescriptorCodegen
import StrataPluginKit
import Testing

/// The typed Swift generated from a plugin.json: one type per command and one for the settings, named from
/// the declaration, and declarations it can't make Swift of refused with what to change.
@Suite struct TypedSourceTests {
    /// `json`'s descriptor, read and checked as the build tool reads it.
    static func descriptor(_ json: String) throws(PluginDescriptorError) -> PluginDescriptor {
        try PluginDescriptorSection.decodeJSON(Array(json.utf8))
    }

    static func plugin(commands: String = "[]", settings: String = "[]") -> String {
        #"{"id": "running", "displayName": "Running", "version": "1.0.0", "summary": "Runs.", "commands": \#(commands), "settings": \#(settings)}"#
    }

    static let importCommand = #"""
        [{"words": ["running", "import"], "summary": "Record a run",
          "arguments": [{"name": "FILE", "help": "the GPX file"}, {"name": "REST", "help": "more", "repeats": true}],
          "options": [{"name": "--pace", "value": "M:SS", "help": "minutes per km"},
                      {"name": "--mate-track", "value": "FILE", "help": "the mate's", "required": true},
                      {"name": "--speed", "value": "N", "help": "how fast", "type": "number", "minimum": 0, "maximum": 1000},
                      {"name": "--page", "value": "N", "help": "a page", "type": "integer", "minimum": 1},
                      {"name": "--break", "value": "D", "help": "a keyword"}],
          "flags": [{"name": "--json", "help": "print JSON"}, {"name": "--no-stream", "help": "all at once"}]},
         {"words": ["clock"], "summary": "The clock"}]
        """#

    @Test func aCommandBecomesATypeWithAPropertyPerArgumentOptionAndFlag() throws {
        let swift = try TypedSource.swift(for: Self.descriptor(Self.plugin(commands: Self.importCommand)))
        #expect(swift.contains("struct RunningImportCommand: DeclaredCommand {"))
        #expect(swift.contains(#"static let words = ["running", "import"]"#))
        #expect(swift.contains("let file: String\n"))
        #expect(swift.contains("self.file = arguments.positionals.first ?? \"\"\n"))
        #expect(swift.contains("let rest: [String]\n") && swift.contains("self.rest = Array(arguments.positionals.dropFirst(1))\n"))
        #expect(swift.contains("let pace: String?\n"))
        #expect(swift.contains("let mateTrack: String\n"))
        #expect(swift.contains(#"self.mateTrack = arguments.value("--mate-track") ?? """#))
        #expect(swift.contains("let speed: Double?\n") && swift.contains("let page: Int?\n"))
        #expect(swift.contains("let `break`: String?\n"))
        #expect(swift.contains("let json: Bool\n") && swift.contains("let noStream: Bool\n"))
        #expect(swift.contains(#"self.noStream = arguments.has("--no-stream")"#))
        #expect(swift.contains("struct ClockCommand: DeclaredCommand {"))
        #expect(swift.contains("/// --pace M:SS: minutes per km\n"))
        #expect(swift.contains(#"case \Self.mateTrack: "--mate-track""#) && swift.contains(#"case \Self.file: "FILE""#))
    }

    @Test func theSettingsBecomeATypeWithTheirDefaults() throws {
        let settings = #"""
            [{"key": "weightKg", "type": "number", "default": "65", "description": "Your weight", "minimum": 20, "maximum": 300},
             {"key": "nickname", "type": "string", "description": "Your name"},
             {"key": "source", "type": "string", "default": "catalog", "description": "Where", "choices": ["catalog", "tmdb"]},
             {"key": "baseURL", "type": "string", "default": "https://api.example.com/v1", "description": "The API", "format": "httpURL"},
             {"key": "apiKeyEnvironment", "type": "string", "default": "MY_API_KEY", "description": "The key's variable", "format": "apiKeyVariable"},
             {"key": "limit", "type": "integer", "default": "10", "description": "How many"},
             {"key": "loud", "type": "boolean", "default": "false", "description": "Shout"},
             {"key": "personas", "type": "array", "description": "More \"personas\"\nper line"}]
            """#
        let swift = try TypedSource.swift(for: Self.descriptor(Self.plugin(settings: settings)))
        #expect(swift.contains("struct RunningSettings: DeclaredSettings, Equatable {"))
        #expect(swift.contains("var weightKg: Double = 65\n"))
        #expect(swift.contains(#"self.weightKg = values.number("weightKg") ?? weightKg"#))
        #expect(swift.contains("var nickname: String?\n"))
        #expect(swift.contains("enum Source: String, Sendable, CaseIterable {\n        case catalog\n        case tmdb\n    }"))
        #expect(swift.contains("var source: Source = .catalog\n"))
        #expect(swift.contains(#"self.source = values.string("source").flatMap(Source.init(rawValue:)) ?? source"#))
        #expect(swift.contains(#"var baseURL: URL = URL(string: "https://api.example.com/v1")!"#))
        #expect(swift.contains("var limit: Int = 10\n") && swift.contains("var loud: Bool = false\n"))
        #expect(swift.contains("var personas: JSONValue?\n") && swift.contains("import StrataBase\n"))
        #expect(swift.contains(#"PluginDescriptor.Setting(key: "weightKg", type: .number, defaultValue: "65", description: "Your weight", minimum: 20, maximum: 300)"#))
        #expect(swift.contains(#"choices: ["catalog", "tmdb"]"#) && swift.contains("format: .apiKeyVariable"))
        // A description can't end the comment or the literal it is written into.
        #expect(swift.contains(#"description: "More \"personas\"\nper line""#))
        #expect(swift.contains("/// More \"personas\" per line\n"))
    }

    @Test func aPluginWithoutSettingsHasNoSettingsType() throws {
        let swift = try TypedSource.swift(for: Self.descriptor(Self.plugin()))
        #expect(!swift.contains("Settings"))
    }

    @Test func namesThatMakeNoSwiftOrTheSameSwiftAreRefused() throws {
        func problem(_ commands: String) throws -> String? {
            do {
                _ = try TypedSource.swift(for: Self.descriptor(Self.plugin(commands: commands)))
                return nil
            } catch let problem as TypedSource.Problem {
                return problem.description
            }
        }
        #expect(try problem(#"[{"words": ["a-b"], "summary": "x"}, {"words": ["a", "b"], "summary": "y"}]"#)
                == "commands 'a-b' and 'a b' both make the Swift type ABCommand; rename one")
        #expect(try problem(#"[{"words": ["x"], "summary": "x", "arguments": [{"name": "TITLE", "help": "t"}], "options": [{"name": "--title", "value": "T", "help": "t"}]}]"#)
                == "command 'x': 'TITLE' and '--title' both make the Swift name title; rename one")
        #expect(try problem(#"[{"words": ["x"], "summary": "x", "flags": [{"name": "--2fa", "help": "t"}]}]"#)
                == "command 'x': '--2fa' makes no Swift name; start it with a letter")
        #expect(try problem(#"[{"words": ["x"], "summary": "x", "flags": [{"name": "--arguments", "help": "t"}]}]"#)?
                    .contains("which the generated type uses itself") == true)
    }

    /// A declaration its own rules refuse fails the build, with the setting or option and what is wrong.
    @Test func declarationsThatContradictThemselvesAreRefused() {
        func problem(_ json: String) -> String? {
            do {
                _ = try Self.descriptor(json)
                return nil
            } catch {
                return error.description
            }
        }
        func setting(_ fields: String) -> String {
            Self.plugin(settings: #"[{"key": "k", "description": "d", \#(fields)}]"#)
        }
        func option(_ fields: String) -> String {
            Self.plugin(commands: #"[{"words": ["x"], "summary": "x", "options": [{"name": "--n", "value": "N", "help": "h", \#(fields)}]}]"#)
        }
        #expect(problem(setting(#""type": "string", "default": "imdb", "choices": ["catalog", "tmdb"]"#))?
                    .contains(#"setting 'k': the default "imdb" breaks its own rules: "imdb" is not one of "catalog", "tmdb""#) == true)
        #expect(problem(setting(#""type": "integer", "default": "0", "minimum": 1, "maximum": 100"#))?
                    .contains("the default \"0\" breaks its own rules: 0 is out of range; use 1 to 100") == true)
        #expect(problem(setting(#""type": "integer", "minimum": 10, "maximum": 1"#))?.contains("minimum 10 is above maximum 1") == true)
        #expect(problem(setting(#""type": "integer", "minimum": 0.5"#))?.contains("the bound 0.5 is not a whole number") == true)
        #expect(problem(setting(#""type": "string", "minimum": 1"#))?.contains("minimum and maximum are for integer and number settings") == true)
        #expect(problem(setting(#""type": "number", "choices": ["1"]"#))?.contains("choices and format are for string settings") == true)
        #expect(problem(setting(#""type": "string", "default": "ftp://x", "format": "httpURL""#))?.contains("is not an http(s) URL") == true)
        #expect(problem(setting(#""type": "string", "default": "HOME", "format": "apiKeyVariable""#))?.contains("_API_KEY or _TOKEN") == true)
        #expect(problem(setting(#""type": "string", "format": "email""#))?.contains("'email' is not one of httpURL, apiKeyVariable, timeZone") == true)
        #expect(problem(option(#""type": "integer", "minimum": 5, "maximum": 1"#))?.contains("--n: minimum 5 is above maximum 1") == true)
        #expect(problem(option(#""minimum": 1"#))?.contains("--n: minimum and maximum are for integer and number options") == true)
        #expect(problem(setting(#""type": "integer", "default": "10", "minimum": 1, "maximum": 100"#)) == nil)
    }
}
