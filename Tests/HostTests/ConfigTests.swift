import Foundation
import Testing

/// Config discovery, validation and messages.
@Suite struct ConfigTests {
    /// A config text strata reads when it lists the plugins: the exit status, and what standard error must say.
    struct ConfigText: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let status: Int32
        let messages: [String]
    }

    static let problems = [
        ConfigText(testDescription: "malformed JSON names its line and column",
                   text: "{\n  \"pluginDirectories\": [\"plugins\"],\n  \"features\": {,}\n}\n",
                   status: 2, messages: ["is not valid JSON at line 3, column"]),
        ConfigText(testDescription: "a wrong type names the key path", text: #"{"features": {"movies": {"enabled": "yes"}}}"#,
                   status: 2, messages: ["`features.movies.enabled` must be true or false, but it is a string"]),
        // Foundation's parser accepts `[1,]`; the config must not.
        ConfigText(testDescription: "a trailing comma is reported with its line and column",
                   text: "{\n  \"features\": {\n    \"gpt\": {\"enabled\": false},\n  }\n}\n",
                   status: 2, messages: ["line 3, column 30", "trailing comma"]),
        ConfigText(testDescription: "a key given twice warns, naming both lines",
                   text: "{\n  \"features\": {\"gpt\": {\"enabled\": false}},\n  \"features\": {}\n}\n",
                   status: 0, messages: ["`features` is given twice (lines 2 and 3)"]),
    ]

    @Test(arguments: problems)
    func aConfigProblemIsNamedWhereItIs(_ config: ConfigText) throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(config.text)
        let result = try sandbox.strata(["plugins", "list"])
        #expect(result.status == config.status)
        for message in config.messages {
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    @Test func unknownKeysAndFeatureIdsWarnWithTheClosestName() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "dataDirectry": "x", "features": {"healty": {"enabled": true}}}"#)
        let result = try sandbox.strata(["config", "check"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("unknown key `dataDirectry`") && result.stderr.contains("did you mean 'dataDirectory'?"))
        #expect(result.stderr.contains("no plugin with id 'healty'") && result.stderr.contains("did you mean 'healthy'?"))
    }

    @Test func configCheckRedactsSecretsAndShowsEffectivePaths() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"gpt": {"settings": {"apiKey": "sk-secret-123", "apiKeyEnvironment": "OPENAI_API_KEY"}}}}"#)
        let result = try sandbox.strata(["config", "check"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("sk-secret-123"))
        #expect(result.stdout.contains("\"apiKey\" : \"••••\""))
        #expect(result.stdout.contains("\"apiKeyEnvironment\" : \"OPENAI_API_KEY\""))
        #expect(result.stdout.contains(sandbox.plugins.path))
    }

    /// Settings are checked against the descriptor's declarations without loading the plugin: a typo gets
    /// the closest name, a wrong type its key path and the expected type (and that plugin doesn't load), and
    /// a setting the descriptor marks secret is redacted whatever its name.
    @Test func settingsAreCheckedAgainstTheDescriptor() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"healthy": {"settings": {"greting": "hi", "repeat": 2.5, "passphrase": "hunter2-secret"}}}}"#)
        let check = try sandbox.strata(["config", "check"])
        #expect(check.status == 2, "a config error, as the README's exit codes say (it was 1)")
        #expect(check.stderr.contains("unknown key `features.healthy.settings.greting` in \(sandbox.config.path); did you mean 'greeting'?"), "\(check.stderr)")
        #expect(check.stderr.contains("`features.healthy.settings.repeat` must be a whole number, but it is a number with a fraction."))
        #expect(check.stdout.contains("\"passphrase\" : \"••••\""))
        #expect(!check.stdout.contains("hunter2") && !check.stderr.contains("hunter2"))

        let json = try sandbox.strata(["config", "check", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["errors"] as? [String])?.count == 1)
        #expect((document["warnings"] as? [String])?.contains { $0.contains("greting") } == true)

        let ping = try sandbox.strata(["healthy", "ping"])
        #expect(ping.status == 2, "the config is at fault: exit 2 (it was 1)")
        #expect(ping.stderr.contains("`features.healthy.settings.repeat` must be a whole number"), "\(ping.stderr)")
        #expect(!ping.stdout.contains("pong"))
    }

    /// What plugin.json declares beyond a setting's type (choices, a range, a format) is checked by
    /// `config check` before the plugin loads, by the rule the plugin's own decode uses.
    @Test func declaredChoicesRangesAndFormatsAreChecked() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)"], "features": {"movies": {"settings": {"source": "imdb", "recentQueriesLimit": 0, "baseURL": "ftp://example.com"}}}}"#)
        let check = try sandbox.strata(["config", "check"])
        #expect(check.status == 2)
        #expect(check.stderr.contains("`features.movies.settings.recentQueriesLimit`: 0 is out of range; use 1 to 100."), "\(check.stderr)")
        #expect(check.stderr.contains(#"`features.movies.settings.source`: "imdb" is not one of "catalog", "tmdb"."#), "\(check.stderr)")
        #expect(check.stderr.contains(#"`features.movies.settings.baseURL`: "ftp://example.com" is not an http(s) URL"#), "\(check.stderr)")
    }

    /// #50 items 10 and 15: a time zone no system knows passed `config check` ("config OK") and then failed
    /// the feature, gpt's and blocks' each in its own words. Both are refused before loading, alike; the
    /// effective config says where each feature runs.
    @Test func anUnknownTimeZoneIsAConfigErrorForBlocksAndGptAlike() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)"], "features": {"blocks": {"settings": {"timeZone": "Mars/Olympus"}}, "gpt": {"settings": {"timeZone": "Mars/Olympus"}}}}"#)
        let check = try sandbox.strata(["config", "check"])
        #expect(check.status == 2, "\(check.stderr)")
        for id in ["blocks", "gpt"] {
            #expect(check.stderr.contains(#"`features.\#(id).settings.timeZone`: "Mars/Olympus" is not a time zone; use an IANA name"#), "\(check.stderr)")
        }
        #expect(!check.stdout.contains("config OK") && !check.stderr.contains("config OK"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let features = try #require(document["features"] as? [String: [String: Any]])
        #expect(features["blocks"]?["isolation"] as? String == "none", "\(features)")

        let clock = try sandbox.strata(["clock"]), usage = try sandbox.strata(["gpt", "usage"])
        for (id, result) in [("blocks", clock), ("gpt", usage)] {
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains(#"`features.\#(id).settings.timeZone`: "Mars/Olympus" is not a time zone"#), "\(result.stderr)")
            #expect(!result.stderr.contains("registration failed"), "\(result.stderr)")
        }

        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)"], "features": {"blocks": {"settings": {"timeZone": "Europe/Berlin"}}, "gpt": {"settings": {"timeZone": "Asia/Seoul"}}}}"#)
        let known = try sandbox.strata(["config", "check"])
        #expect(known.status == 0, "\(known.stderr)")
    }

    /// Issue #30 item 21: `pwd`, `jwt` and an `api_key=` inside a URL were printed in clear.
    @Test func configCheckRedactsPwdJwtAndTheCredentialsOfURLs() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"healthy": {"settings": {"#
                                + #""pwd": "pwd-value-1", "jwt": "eyJhbGciOiJIUzI1NiJ9.e30.sig-value-2", "#
                                + #""mirror": "https://ann:pass-value-3@example.org/v1?lang=en&api_key=key-value-4"}}}}"#)

        let check = try sandbox.strata(["config", "check"])

        for secret in ["pwd-value-1", "sig-value-2", "pass-value-3", "key-value-4"] {
            #expect(!check.stdout.contains(secret) && !check.stderr.contains(secret), "\(secret) is printed")
        }
        #expect(check.stdout.contains(#""mirror" : "https://••••@example.org/v1?lang=en&api_key=••••""#), "\(check.stdout)")
        #expect(check.stdout.contains(#""pwd" : "••••""#) && check.stdout.contains(#""jwt" : "••••""#))
    }

    @Test func settingsOfTheRightTypesPass() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"healthy": {"settings": {"greeting": "hi", "repeat": 3, "passphrase": null}}}}"#)
        let check = try sandbox.strata(["config", "check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("config OK: \(sandbox.config.path)"))
        #expect(try sandbox.strata(["healthy", "ping"]).stdout == "pong (hello from healthy)\n")
    }

    @Test func explicitMissingConfigIsAUsageError() throws {
        let result = try strata(["--config", "/nonexistent/strata.json", "plugins", "list"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("can't read the config file /nonexistent/strata.json: no such file"))
    }

    @Test func environmentConfigIsUsedAndCurrentDirectoryConfigIsFoundNext() throws {
        let sandbox = try Sandbox.withHealthy()
        let viaEnvironment = try strata(["healthy", "ping"], environment: ["STRATA_CONFIG": sandbox.config.path, "STRATA_DATA_DIR": sandbox.data.path])
        #expect(viaEnvironment.status == 0)
        // A config in the current folder is used once allowed (TrustProcessTests has the rest).
        let state = ["XDG_STATE_HOME": sandbox.state.path]
        #expect(try strata(["config", "allow"], environment: state, currentDirectory: sandbox.root).status == 0)
        let viaCurrentDirectory = try strata(["--data-dir", sandbox.data.path, "healthy", "ping"], environment: state, currentDirectory: sandbox.root)
        #expect(viaCurrentDirectory.stdout == "pong (hello from healthy)\n")
    }

    /// A folder that isn't there, or a file named as one (before: no word of it), is a warning.
    @Test func aMissingPluginFolderIsAWarning() throws {
        let sandbox = try Sandbox()
        let file = sandbox.root.appendingPathComponent("notes.txt")
        try Data("x".utf8).write(to: file)
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins", "/nonexistent/strata-plugins", "\#(file.path)"]}"#)
        let result = try sandbox.strata(["config", "check"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("plugin folder /nonexistent/strata-plugins (from `pluginDirectories` in \(sandbox.config.path)) does not exist"))
        #expect(result.stderr.contains("plugin folder \(file.path) (from `pluginDirectories` in \(sandbox.config.path)) is a file, not a folder"), "\(result.stderr)")
    }

    @Test func aDataFolderThatIsAFileIsExplained() throws {
        let sandbox = try Sandbox.withHealthy()
        let file = sandbox.root.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let result = try strata(["--config", sandbox.config.path, "--data-dir", file.path, "healthy", "ping"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(file.path) is a file, not a folder"))
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func aFolderGivenAsTheConfigSaysItIsAFolder() throws {
        let sandbox = try Sandbox()
        let result = try strata(["--config", sandbox.root.path, "plugins", "list"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("it is a folder, not a file"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
    }
}
