import Foundation
import Testing
@testable import StrataHost

/// What `strata plugins new` builds a package against (issue #48): the SDK installed with strata
/// (`PREFIX/lib/strata/sdk`), a checkout's Core with `--core`, and the compiler the installed SDK needs.
@Suite struct ScaffoldSDKTests {
    /// A prefix with `bin/` and, if `sdk`, an SDK package in `lib/strata/sdk` built by Swift `swift`.
    private func prefix(sdk: Bool, swift: String = "6.3.1") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-sdk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        if sdk {
            let folder = root.appendingPathComponent("lib/strata/sdk")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("// swift-tools-version: 6.1\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
            try Data("\(swift)\n".utf8).write(to: folder.appendingPathComponent("swift-version"))
        }
        return root
    }

    @Test func anInstalledStrataBuildsAgainstItsOwnSDK() throws {
        let root = try prefix(sdk: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let sdk = Scaffold.sdk(core: nil, executableDirectory: root.appendingPathComponent("bin").path)
        #expect(sdk == .installed(root.appendingPathComponent("lib/strata/sdk").path))
    }

    @Test func coreNamesACheckoutAndIsCheckedForAPackage() throws {
        let root = try prefix(sdk: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("bin").path
        #expect(Scaffold.sdk(core: Scaffold.defaultCorePath(), executableDirectory: bin) == .checkout(Scaffold.defaultCorePath()))
        #expect(Scaffold.sdk(core: root.path, executableDirectory: bin) == nil)
    }

    @Test func aStrataWithoutAnInstalledSDKUsesTheCheckoutItWasBuiltFrom() throws {
        let root = try prefix(sdk: false)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(Scaffold.sdk(core: nil, executableDirectory: root.appendingPathComponent("bin").path) == .checkout(Scaffold.defaultCorePath()))
    }

    @Test func thePackageDependsOnTheInstalledSDKAloneAndImportsItsInterfaces() throws {
        let files = Dictionary(uniqueKeysWithValues: ScaffoldTemplate.files(name: "Hello", sdk: .installed("/opt/x\"y/lib/strata/sdk")))
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.contains(#"dependencies: [.package(path: "/opt/x\"y/lib/strata/sdk")]"#))
        #expect(manifest.contains(#".plugin(name: "StrataDescriptorPlugin", package: "sdk")"#))
        #expect(manifest.contains(#".product(name: "StrataTesting", package: "sdk")"#))
        #expect(manifest.contains(#"[.unsafeFlags(["-I", "/opt/x\"y/lib/strata/sdk/Modules"])]"#))
        #expect(!manifest.contains(#"package: "Core""#) && !manifest.contains("Testing\")"))
    }

    @Test func aCheckoutPackageDependsOnCoreAndTesting() throws {
        let files = Dictionary(uniqueKeysWithValues: ScaffoldTemplate.files(name: "Hello", sdk: .checkout("/src/strata/Core")))
        let manifest = try #require(files["Package.swift"])
        #expect(manifest.contains(#"dependencies: [.package(path: "/src/strata/Core"), .package(path: "/src/strata/Core/Testing")]"#))
        #expect(manifest.contains(#".product(name: "StrataTesting", package: "Testing")"#))
        #expect(!manifest.contains("unsafeFlags"))
    }

    @Test func anotherCompilerIsWarnedAboutWithTheReason() throws {
        let root = try prefix(sdk: true, swift: "6.3.1")
        defer { try? FileManager.default.removeItem(at: root) }
        let sdk = root.appendingPathComponent("lib/strata/sdk").path
        #expect(Scaffold.compilerWarning(sdk: sdk, toolchain: "6.3.1") == nil)
        let other = try #require(Scaffold.compilerWarning(sdk: sdk, toolchain: "6.4"))
        #expect(other.contains("built by Swift 6.3.1") && other.contains("is Swift 6.4") && other.contains("no stable ABI"))
        #expect(Scaffold.compilerWarning(sdk: sdk, toolchain: nil)?.contains("can't run `swift --version`") == true)
        try FileManager.default.removeItem(atPath: "\(sdk)/swift-version")
        #expect(Scaffold.compilerWarning(sdk: sdk, toolchain: "6.3.1")?.contains("reinstall strata") == true)
    }

    @Test func theToolchainVersionIsReadFromSwiftVersion() {
        #expect(Scaffold.swiftVersion(in: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n") == "6.3.1")
        #expect(Scaffold.swiftVersion(in: "Apple Swift version 6.4-dev (LLVM …)") == "6.4")
        #expect(Scaffold.swiftVersion(in: "swift: command not found") == nil)
    }
}
