// swift-tools-version: 6.1
//
// The Strata SDK: the libraries shared by the `strata` host and every plugin.
//
// Every product is a `.dynamic` library and no two products share a target, so the host and each plugin
// bind to one copy of every SDK type (a target linked into two products would be two copies, and casts
// and DI keys across the plugin boundary would fail). That is also why the SDK modules do not depend on
// one another, except the plugin API on the DI container (shipped together in `StrataPluginKit`): host
// services reach a plugin through the container, keyed by protocols from their own modules. What several
// of them need (the sanitizer for untrusted text) is the package `Base/`, one more dynamic library. The
// HTTP client (on libcurl) is the package `URLSession/`, which the host opens only when a request is sent; the
// networking tests, which need it, live there. What only the host may do (the container itself, plugin
// contexts, the secret mask's writer) is the package `HostKit/`, which plugins do not link.
import PackageDescription

let base = Target.Dependency.product(name: "StrataBase", package: "Base")
/// Every SDK library is built with library evolution and emits its module interface, so that a plugin built
/// against one SDK release runs against a later one of the same major (see "SDK versions" in README.md).
/// The same two flags are in `Base/` and `URLSession/`; `Scripts/sdk-abi` dumps and checks the resulting ABI.
let resilient: [SwiftSetting] = [.unsafeFlags(["-enable-library-evolution", "-emit-module-interface"])]

let package = Package(
    name: "Core",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StrataNetworking", type: .dynamic, targets: ["StrataNetworking"]),
        .library(name: "StrataPluginKit", type: .dynamic, targets: ["StrataDI", "StrataPluginKit"]),
        .library(name: "StrataRuntime", type: .dynamic, targets: ["StrataRuntime"]),
        .library(name: "StrataStorage", type: .dynamic, targets: ["StrataStorage"]),
        .library(name: "StrataTerminal", type: .dynamic, targets: ["StrataTerminal"]),
        // Compiles a plugin's plugin.json into its library (the descriptor the host reads without loading it).
        .plugin(name: "StrataDescriptorPlugin", targets: ["StrataDescriptorPlugin"]),
        // Test support for the SDK's and plugins' tests (a loopback HTTP server); depends on no SDK module.
    ],
    dependencies: [.package(path: "Base")],
    targets: [
        // MARK: SDK modules
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "StrataDI", dependencies: [base], swiftSettings: resilient),
        .target(name: "StrataNetworking", dependencies: [base], swiftSettings: resilient),
        .target(name: "StrataPluginKit", dependencies: ["StrataDI", base], swiftSettings: resilient),
        .target(name: "StrataRuntime", dependencies: [base], swiftSettings: resilient),
        .target(name: "StrataStorage", dependencies: ["CSQLite", base], swiftSettings: resilient),
        .target(name: "StrataTerminal", dependencies: ["CZlib", base], swiftSettings: resilient),

        // MARK: Build tools
        // The typed Swift generated from a plugin.json (its commands' and settings' types) or from the commands.json
        // of a target that is not a plugin (the host's), a library of its own so that its tests can call it.
        .target(name: "StrataDescriptorCodegen", dependencies: ["StrataPluginKit", base]),
        .executableTarget(name: "strata-descriptor", dependencies: ["StrataPluginKit", "StrataDescriptorCodegen"],
                          path: "Sources/StrataDescriptorGenerator"),
        .plugin(name: "StrataDescriptorPlugin", capability: .buildTool(), dependencies: ["strata-descriptor"]),

        // MARK: Tests
        .testTarget(name: "StrataBaseTests", dependencies: [base]),
        .testTarget(name: "StrataDescriptorCodegenTests", dependencies: ["StrataDescriptorCodegen", "StrataPluginKit"]),
        .testTarget(name: "StrataNetworkingTests", dependencies: ["StrataNetworking"]),
        .testTarget(name: "StrataPluginKitTests", dependencies: ["StrataPluginKit", base]),
        .testTarget(name: "StrataRuntimeTests", dependencies: ["StrataRuntime"]),
        .testTarget(name: "StrataStorageTests", dependencies: ["StrataStorage"]),
        .testTarget(name: "StrataTerminalTests", dependencies: ["StrataTerminal", "CZlib"]),
    ],
    swiftLanguageModes: [.v6]
)
