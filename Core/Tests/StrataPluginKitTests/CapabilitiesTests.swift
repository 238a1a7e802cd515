import Foundation
import Testing
@testable import StrataPluginKit

/// What a plugin declares it may reach (`"capabilities"` in `plugin.json`): read, checked, narrowed, told.
@Suite struct CapabilitiesTests {
    static func descriptor(capabilities: String) throws -> PluginDescriptor {
        try PluginDescriptorSection.decodeJSON(Array(#"{"id":"a","displayName":"A","version":"1.0.0","summary":"s","capabilities":\#(capabilities)}"#.utf8))
    }

    @Test func declaredCapabilitiesSurviveTheLibrarysSection() throws {
        let declared = try Self.descriptor(capabilities: #"{"network":["api.themoviedb.org","*.tmdb.org"],"environment":["TMDB_API_KEY"],"files":[{"path":"~/Music"},{"path":"/srv/runs","write":true}]}"#)
        #expect(declared.problems == [])
        let encoded = Array(try JSONEncoder().encode(declared))
        let read = try PluginDescriptorSection.decode(PluginDescriptorSection.bytes(json: encoded))
        #expect(read.capabilities == declared.capabilities)
        #expect(read.capabilities.files == [.init(path: "~/Music"), .init(path: "/srv/runs", write: true)])
    }

    @Test func aDescriptorWithoutCapabilitiesDeclaresNone() throws {
        let descriptor = try PluginDescriptorSection.decodeJSON(Array(PluginDescriptorTests.json.utf8))
        #expect(descriptor.capabilities.isEmpty && !descriptor.opensScreens)
        #expect(descriptor.capabilities.sentences == ["No network access.", "Reads no environment variables.", "No files beyond its own data folder."])
    }

    @Test func eachBadDeclarationIsAProblemTheBuildToolReports() throws {
        var bad = PluginDescriptor(id: "a", displayName: "A", version: "1.0.0", summary: "s")
        bad.capabilities = .init(network: ["http://evil.example", "exa mple.com"], environment: ["1ABC", "A=B"],
                                 files: [.init(path: "relative"), .init(path: "/etc/../root")])
        #expect(bad.problems.count == 6, "\(bad.problems)")
        #expect(bad.problems.first?.hasPrefix("capabilities.network: 'http://evil.example' is not a host name") == true)
        // The build tool reads plugin.json this way, so a bad declaration fails the plugin's build.
        #expect(throws: PluginDescriptorError.self) { try Self.descriptor(capabilities: #"{"environment":["A=B"]}"#) }
        #expect(throws: PluginDescriptorError.wrongTypes("capabilities.files[0].write", "expected true or false, found a string")) {
            try Self.descriptor(capabilities: #"{"files":[{"path":"/a","write":"yes"}]}"#)
        }
        #expect(throws: PluginDescriptorError.wrongTypes("capabilities.network", "expected an array of strings, found a string")) {
            try Self.descriptor(capabilities: #"{"network":"api.example.com"}"#)
        }
    }

    @Test func aHostMatchesItsOwnNameOrAWildcardsSubdomainsOnly() {
        let capabilities = PluginDescriptor.Capabilities(network: ["api.example.com", "*.tmdb.org"])
        #expect(capabilities.allowsHost("API.example.com") && capabilities.allowsHost("image.tmdb.org"))
        #expect(!capabilities.allowsHost("tmdb.org") && !capabilities.allowsHost("eviltmdb.org") && !capabilities.allowsHost("example.com"))
    }

    @Test func narrowingTakesAwayAndNeverAdds() {
        let declared = PluginDescriptor.Capabilities(network: ["a.example", "b.example"], environment: ["A_API_KEY"],
                                                     files: [.init(path: "/srv/a", write: false)])
        let (narrowed, undeclared) = declared.narrowed(to: .init(network: ["b.example", "c.example"], environment: [],
                                                                 files: [.init(path: "/srv/a", write: true)]))
        #expect(narrowed == .init(network: ["b.example"]))
        #expect(undeclared == ["c.example", "/srv/a"], "write access to a file declared read-only is not granted")
    }

    /// A declaration may carry a port: `127.0.0.1:8080` is that service alone, while `127.0.0.1` is every port
    /// of the machine, and `plugins info` says which.
    @Test func aHostWithAPortAllowsThatPortAloneAndTheSentenceSaysWhichMeanEveryPort() throws {
        let declared = try Self.descriptor(capabilities: #"{"network":["127.0.0.1:8080","api.example.com"]}"#)
        #expect(declared.problems == [])
        let capabilities = declared.capabilities
        #expect(capabilities.allows(host: "127.0.0.1", port: 8080) && !capabilities.allows(host: "127.0.0.1", port: 22))
        #expect(capabilities.allows(host: "API.example.com", port: 443) && capabilities.allows(host: "api.example.com", port: 8443))
        #expect(!capabilities.allowsHost("127.0.0.1"), "127.0.0.1:8080 doesn't grant every port")
        #expect(capabilities.sentences.first == "Connects to: 127.0.0.1:8080; api.example.com (every port).")
        #expect(PluginDescriptor.Capabilities(network: ["a.example", "*.b.example"]).sentences.first
                    == "Connects to: a.example, *.b.example (every port of each).")
    }

    @Test func aPortMustBeOneAndNothingElseMayFollowAColon() {
        let bad = PluginDescriptor.Capabilities(network: ["127.0.0.1:", "127.0.0.1:0", "127.0.0.1:65536", "127.0.0.1:http", "a.example:08"])
        #expect(bad.problems.count == 5, "\(bad.problems)")
        #expect(PluginDescriptor.Capabilities(network: ["*.example.com:443", "localhost:65535"]).problems == [])
    }

    @Test func theConfigMayNarrowAHostToOneOfItsPortsButNotWidenAPort() {
        let declared = PluginDescriptor.Capabilities(network: ["127.0.0.1", "api.example.com:443"])
        let (narrowed, undeclared) = declared.narrowed(to: .init(network: ["127.0.0.1:8080", "api.example.com"]))
        #expect(narrowed.network == ["127.0.0.1:8080"])
        #expect(undeclared == ["api.example.com"])
    }
}
