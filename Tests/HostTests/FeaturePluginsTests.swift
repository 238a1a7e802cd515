import Foundation
import Testing

/// The feature plugins built next to `strata` load with the default discovery, and each one loaded alone
/// (the others disabled) answers its own command.
@Suite struct FeaturePluginsTests {
    /// Every folder of `Features/` is a feature whose plugin id is its name in lowercase: a fifth feature is
    /// listed here without editing this test.
    static let features: [String] = {
        let folder = BuildProducts.repositoryRoot.appendingPathComponent("Features")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).appendingPathComponent("Domain").path, isDirectory: &isFolder) && isFolder.boolValue
        }.map { $0.lowercased() }.sorted()
    }()

    @Test func everyFeatureFolderIsFound() {
        #expect(Self.features.count >= 4, "\(Self.features)")
    }

    @Test func theFourFeaturePluginsAreListedFromTheirDescriptorsAndLoadFromTheExecutableFolder() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("{}")
        let result = try sandbox.strata(["plugins", "list", "--json"])
        #expect(result.status == 0)
        let rows = try decodeRows(result.stdout)
        for id in Self.features {
            #expect(rows[id]?.state == "enabled", "\(id): \(rows[id]?.error ?? "not found")")
            #expect(rows[id]?.displayName?.isEmpty == false && rows[id]?.version == "1.0.0")
            #expect(rows[id]?.mapped == false, "listing loads no plugin")
            #expect(rows[id]?.path.hasPrefix(BuildProducts.directory.resolvingSymlinksInPath().path) == true)
        }
        #expect(rows["gpt"]?.displayName == "LuckyVicky")
        #expect(rows.keys.allSatisfy { !$0.hasPrefix("strata") }, "SDK and fixture libraries must not be discovered as plugins")

        let check = try decodeRows(try sandbox.strata(["plugins", "check", "--json"]).stdout)
        for id in Self.features {
            #expect(check[id]?.state == "loaded", "\(id): \(check[id]?.error ?? "not found")")
        }
    }

    @Test(arguments: [("movies", ["movies", "search", "star", "--json"]),
                      ("gpt", ["gpt", "personas", "--json"]),
                      ("running", ["running", "history", "--json"]),
                      ("blocks", ["blocks", "list", "--json"])])
    func eachPluginLoadedAloneAnswersItsCommand(id: String, command: [String]) throws {
        let sandbox = try Sandbox()
        let others = Self.features.filter { $0 != id }.map { #""\#($0)": {"enabled": false}"# }.joined(separator: ", ")
        try sandbox.writeConfig(#"{"features": {\#(others)}}"#)
        let result = try sandbox.strata(command)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "not JSON: \(result.stdout.prefix(300))")
        let rows = try decodeRows(try sandbox.strata(["plugins", "list", "--json"]).stdout)
        for other in Self.features where other != id {
            #expect(rows[other]?.state == "disabled")
            #expect(rows[other]?.mapped == false)
        }
    }

    /// Each feature builds its types in a typed container of its own (`MoviesDIContainer`, …): the shared
    /// container holds only what crosses the plugin boundary, and no feature exports anything or is
    /// resolved by another, so each owns one registration there, its screen.
    @Test func eachFeatureSharesOnlyItsScreen() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig("{}")
        let result = try sandbox.strata(["di", "list", "--private", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        for id in Self.features {
            let owned = rows.filter { $0["owner"] as? String == id }
            #expect(owned.count == 1 && (owned.first?["type"] as? String)?.contains("ScreenProvider") == true, "\(id): \(owned)")
            #expect(owned.allSatisfy { $0["exported"] as? Bool == false })
        }
    }
}
