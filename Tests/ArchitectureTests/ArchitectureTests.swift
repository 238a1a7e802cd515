import Foundation
import Testing

@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Reads the real package description with SwiftPM (in its own scratch folder, so it doesn't wait for
    /// the lock of the build that runs these tests). SwiftPM's lock files and temporary folders go in its
    /// `TMPDIR`, the same folder, so that nothing of it stays behind in `/tmp`.
    static func describe() throws -> PackageDescription {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-describe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--scratch-path", folder.appendingPathComponent("scratch").path, "describe", "--type", "json"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { $1 }
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let start = data.firstIndex(of: UInt8(ascii: "{")) else {
            throw DescribeFailed(status: process.terminationStatus)
        }
        return try JSONDecoder().decode(PackageDescription.self, from: data[start...])
    }

    struct DescribeFailed: Error { let status: Int32 }

    /// The features: every folder of `Features/` with a `Domain` folder, so that a fifth is found by itself.
    static func featureFolders() throws -> [String] {
        let features = root.appendingPathComponent("Features")
        return try FileManager.default.contentsOfDirectory(atPath: features.path).filter { name in
            FileManager.default.fileExists(atPath: features.appendingPathComponent(name).appendingPathComponent("Domain").path)
        }.sorted()
    }

    @Test func theRealPackageFollowsTheDependencyRule() throws {
        let package = try Self.describe()
        #expect(ArchitectureRules.violations(in: package) == [])
        let layered = package.targets.compactMap(ArchitectureRules.featureLayer)
        let features = try Self.featureFolders()
        #expect(features.count >= 4, "\(features)")
        for feature in features {
            #expect(layered.filter { $0.feature == feature }.count == 5, "\(feature) must have Domain, Data, Presentation, Testing and Plugin targets")
        }
        #expect(package.dependencies?.map(\.identity).sorted() == ["base", "core", "hosting", "hostkit", "testing", "urlsession"])
    }

    @Test func theRulesCatchEachKindOfViolation() {
        typealias T = PackageDescription.Target
        let bad = PackageDescription(targets: [
            T(name: "MoviesDomain", path: "Features/Movies/Domain", type: "library", target_dependencies: ["MoviesData"], product_dependencies: ["StrataStorage"]),
            T(name: "MoviesData", path: "Features/Movies/Data", type: "library", target_dependencies: ["MoviesDomain", "GptDomain"], product_dependencies: ["StrataTerminal"]),
            T(name: "MoviesPresentation", path: "Features/Movies/Presentation", type: "library", target_dependencies: ["MoviesData"], product_dependencies: nil),
            T(name: "GptDomain", path: "Features/Gpt/Domain", type: "library", target_dependencies: nil, product_dependencies: nil),
            T(name: "strata", path: "Core/HostMain", type: "executable", target_dependencies: ["MoviesDomain"], product_dependencies: nil),
            T(name: "StrataHost", path: "Core/Host", type: "library", target_dependencies: ["GptDomain"], product_dependencies: ["StrataPluginKit"]),
            T(name: "GptPlugin", path: "Plugins/Gpt", type: "library", target_dependencies: ["GptDomain"], product_dependencies: ["StrataHostKit"]),
        ], dependencies: [.init(identity: "core", type: "fileSystem"), .init(identity: "swinject", type: "sourceControl"),
                           .init(identity: "base", type: "sourceControl")])
        let problems = ArchitectureRules.violations(in: bad)
        #expect(problems.contains { $0.hasPrefix("MoviesDomain (Domain) depends on MoviesData") })
        #expect(problems.contains { $0.hasPrefix("MoviesDomain (Domain) depends on the SDK product StrataStorage") })
        #expect(problems.contains { $0.hasPrefix("MoviesData (feature Movies) depends on GptDomain of feature Gpt") })
        #expect(problems.contains { $0.hasPrefix("MoviesData (Data) depends on the SDK product StrataTerminal") })
        #expect(problems.contains { $0.hasPrefix("MoviesPresentation (Presentation) depends on MoviesData (Data)") })
        #expect(problems.contains { $0 == "the host strata depends on the feature target MoviesDomain" })
        #expect(problems.contains { $0 == "the host StrataHost depends on the feature target GptDomain" })
        #expect(problems.contains { $0.hasPrefix("the root package depends on swinject") })
        #expect(problems.contains { $0.hasPrefix("the root package depends on base") }, "an SDK name from elsewhere is not the SDK")
        #expect(!problems.contains { $0.hasPrefix("the root package depends on core") })
        #expect(problems.contains { $0.hasPrefix("GptPlugin (Plugin) depends on StrataHostKit, the host's own library") })
        #expect(!problems.contains { $0.hasPrefix("the host StrataHost depends on StrataHostKit") }, "the host may")
    }

    /// What only the host may do is in StrataHostKit: no source of a feature, a plugin or a plugin fixture
    /// imports it, in any form (the target graph can't see an import of a module that happens to be built).
    @Test func noFeatureOrPluginImportsTheHostKit() throws {
        var offenders: [String] = []
        for folder in ["Features", "Plugins", "Tests/Fixtures"] {
            let top = Self.root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: top.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: top.appendingPathComponent(file), encoding: .utf8)
                offenders += ArchitectureRules.hostOnlyImports(in: text).map { "\(folder)/\(file): \($0)" }
            }
        }
        #expect(offenders == [])
    }

    /// The compiler's half of the seal: StrataHostKit names the modules allowed to import it
    /// (`-allowable-client` in Core/HostKit/Package.swift), and no feature or plugin target is among them.
    @Test func theHostKitAllowsNoFeatureOrPluginAsAClient() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Core/HostKit/Package.swift"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.hasPrefix("let allowedClients = [") })
        let clients = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(clients.contains("StrataHost") && clients.contains("StrataTesting"), "\(clients)")
        let sealedOut = Set(try Self.describe().targets.filter { ArchitectureRules.featureLayer($0) != nil }.map(\.name))
        #expect(!sealedOut.isEmpty && sealedOut.isDisjoint(with: clients), "\(clients)")
    }

    @Test func theHostKitImportRuleCatchesEveryForm() {
        let text = """
            import StrataPluginKit
            // import StrataHostKit
            import StrataHostKit
            @_spi(StrataHost) import StrataHostKit
            @testable @preconcurrency import StrataHostKit
            import class StrataHostKit.Container
            import StrataHostKitten
            """
        #expect(ArchitectureRules.hostOnlyImports(in: text) == [
            "import StrataHostKit", "@_spi(StrataHost) import StrataHostKit", "@testable @preconcurrency import StrataHostKit",
            "import class StrataHostKit.Container",
        ])
    }

    /// Domain carries data, not words for one channel: no command line (`strata …`, `--flag`) and no config
    /// key path (`features.…`) in its string literals. The words are each Presentation's `…ErrorText`.
    @Test func domainSourcesHoldNoCommandLineOrConfigText() throws {
        var offenders: [String] = []
        for feature in try Self.featureFolders() {
            let domain = Self.root.appendingPathComponent("Features").appendingPathComponent(feature).appendingPathComponent("Domain")
            guard let files = FileManager.default.enumerator(atPath: domain.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: domain.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//"), code.contains("\"") else { continue }
                    if code.contains("strata ") || code.contains("features.") || code.range(of: #"[ "]--[a-z]"#, options: .regularExpression) != nil {
                        offenders.append("\(feature)/Domain/\(file):\(number + 1): \(code)")
                    }
                }
            }
        }
        #expect(offenders == [])
    }

    /// The target graph can't see an `import` of a module that happens to be built; the sources can.
    /// FoundationEssentials is Foundation's core without ICU, which a feature may import alone to load less.
    @Test func domainSourcesImportOnlyFoundation() throws {
        let allowed: Set<String> = ["Foundation", "FoundationEssentials", "Observation", "Synchronization"]
        var offenders: [String] = []
        let features = Self.root.appendingPathComponent("Features")
        for feature in try FileManager.default.contentsOfDirectory(atPath: features.path) {
            let domain = features.appendingPathComponent(feature).appendingPathComponent("Domain")
            guard let files = FileManager.default.enumerator(atPath: domain.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: domain.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.contains(" import ") && line.hasPrefix("@") {
                    let module = line.split(separator: " ").last.map(String.init) ?? ""
                    if !allowed.contains(module) { offenders.append("\(feature)/Domain/\(file): \(line)") }
                }
            }
        }
        #expect(offenders == [])
    }
}
