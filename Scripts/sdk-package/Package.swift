// swift-tools-version: 6.1
//
// StrataSDK: the Strata SDK as an installed strata carries it (PREFIX/lib/strata/sdk, written by
// Scripts/stage; see docs/PluginSDK.md). A plugin package depends on it by path, as `strata plugins new` writes:
//
//   dependencies: [.package(path: "PREFIX/lib/strata/sdk")]
//   .product(name: "StrataPluginKit", package: "sdk"), plugins: [.plugin(name: "StrataDescriptorPlugin", package: "sdk")]
//
// Nothing of the SDK is compiled here: `Modules/` holds the module interfaces (`.swiftinterface`) of the
// libraries strata itself runs on (`lib/strata/lib*.so`, one folder up), and each product below only links
// the library of its name. A package can't hand its dependents an import path, so a plugin package adds
// `-I PREFIX/lib/strata/sdk/Modules` to its own targets (the scaffold does it in one loop at its end).
// StrataTesting (the in-memory host for plugin tests) is the one module built from source here, for the tests.
// The descriptor build tool is prebuilt, in an artifact bundle.
//
// Swift has no stable ABI across compilers on Linux: build against this SDK with the compiler named in
// `swift-version` beside this file (strata refuses a plugin built by another).
import PackageDescription

let sdk = Context.packageDirectory
/// PREFIX/lib/strata, where strata's own libraries are.
let libraries = String(sdk[..<(sdk.lastIndex(of: "/") ?? sdk.endIndex)])
let imports: [SwiftSetting] = [.unsafeFlags(["-I", "\(sdk)/Modules"])]

/// A product that links the installed library of its name (and the ones it needs), found through an absolute
/// RPATH while the plugin runs from its build folder (its tests); strata has them loaded anyway.
func linking(_ name: String, _ names: [String]) -> Target {
    .target(name: "\(name)Library", path: "Links/\(name)", linkerSettings: [
        .unsafeFlags(["-L", libraries, "-Xlinker", "-rpath", "-Xlinker", libraries]),
    ] + names.map { .linkedLibrary($0) })
}

let package = Package(
    name: "StrataSDK",
    products: [
        .library(name: "StrataBase", targets: ["StrataBaseLibrary"]),
        .library(name: "StrataNetworking", targets: ["StrataNetworkingLibrary"]),
        .library(name: "StrataPluginKit", targets: ["StrataPluginKitLibrary"]),
        .library(name: "StrataRuntime", targets: ["StrataRuntimeLibrary"]),
        .library(name: "StrataStorage", targets: ["StrataStorageLibrary"]),
        .library(name: "StrataTerminal", targets: ["StrataTerminalLibrary"]),
        // strata's HTTP client, which PluginTestHost hands out, for tests that send requests.
        .library(name: "StrataURLSession", targets: ["StrataURLSessionLibrary"]),
        .library(name: "StrataTesting", targets: ["StrataTesting"]),
        .plugin(name: "StrataDescriptorPlugin", targets: ["StrataDescriptorPlugin"]),
    ],
    targets: [
        linking("StrataBase", ["StrataBase"]),
        linking("StrataNetworking", ["StrataNetworking", "StrataBase"]),
        linking("StrataPluginKit", ["StrataPluginKit", "StrataBase"]),
        linking("StrataRuntime", ["StrataRuntime", "StrataBase"]),
        linking("StrataStorage", ["StrataStorage", "StrataBase"]),
        linking("StrataTerminal", ["StrataTerminal", "StrataBase"]),
        linking("StrataURLSession", ["StrataURLSession", "StrataNetworking", "StrataBase"]),
        linking("StrataHostKit", ["StrataHostKit", "StrataPluginKit", "StrataBase"]),
        // What hosting a plugin takes and the test host on it, from the sources of this strata (Core/Hosting,
        // Core/Testing), against the interfaces above and StrataHostKit's module.
        .target(name: "StrataHosting", dependencies: ["StrataHostKitLibrary", "StrataNetworkingLibrary", "StrataPluginKitLibrary",
                                                      "StrataRuntimeLibrary", "StrataStorageLibrary"], swiftSettings: imports),
        .target(name: "StrataTesting", dependencies: ["StrataHosting", "StrataBaseLibrary", "StrataHostKitLibrary", "StrataNetworkingLibrary",
                                                      "StrataPluginKitLibrary", "StrataRuntimeLibrary", "StrataStorageLibrary",
                                                      "StrataTerminalLibrary"], swiftSettings: imports),
        .binaryTarget(name: "strata-descriptor", path: "strata-descriptor.artifactbundle"),
        .plugin(name: "StrataDescriptorPlugin", capability: .buildTool(), dependencies: ["strata-descriptor"]),
    ],
    swiftLanguageModes: [.v6]
)
