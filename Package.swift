// swift-tools-version: 6.0
//
// The root package: the `strata` host, the four features (Domain / Data / Presentation each a target of
// its own, so the compiler enforces the dependency rule), their plugins, the test fixtures and the tests.
// It depends on nothing but the SDK in `Core/`, which it links as dynamic libraries.
import PackageDescription

// MARK: - SDK

/// An SDK library by product name: from `Core/`, or from the packages beside it (`Core/Base`, `Core/URLSession`,
/// `Core/Hosting`, `Core/Testing`, and `Core/HostKit`, which only the host links).
func sdk(_ product: String) -> Target.Dependency {
    let packages = ["StrataBase": "Base", "StrataURLSession": "URLSession", "StrataHosting": "Hosting", "StrataTesting": "Testing",
                    "StrataHostKit": "HostKit"]
    return .product(name: product, package: packages[product] ?? "Core")
}
/// Compiles the target's `plugin.json` into its library: the descriptor the host reads without loading it.
func descriptor() -> Target.PluginUsage { .plugin(name: "StrataDescriptorPlugin", package: "Core") }
/// The SDK's base library (the sanitizer, JSON, text formatting), a package of its own inside `Core/`; every
/// layer but Domain may use it.
let base = sdk("StrataBase")

// MARK: - Features

/// The SDK modules a feature's layers may use.
struct Layers {
    var data: [String] = ["StrataStorage"]
    var presentation: [String] = ["StrataTerminal"]
    var dataResources: [Resource]? = nil
    /// C libraries from Debian that Data uses, each a `.systemLibrary` target in `Features/<Name>/<Target>`
    /// with its `module.modulemap`: target name → (pkg-config name, apt package).
    var dataSystemLibraries: [String: (pkgConfig: String, apt: String)] = [:]
    /// Whether `Tests/<Name>/PluginTests` exists: tests of the composition root and its commands.
    var pluginTests = false
    /// SDK libraries only the feature's Data and plugin tests use (the HTTP client they send requests through).
    /// Never a layer's: a library a target declares is linked into the plugin (`NEEDED`) whether or not it is
    /// imported, and a plugin copied alone into a plugin folder then doesn't load where strata hasn't loaded it.
    var testLibraries: [String] = []
}

/// One feature: `<Name>Domain` (Foundation only), `<Name>Data` and `<Name>Presentation` (Domain + their SDK
/// modules), `<Name>Testing` (doubles and fixtures), `<Name>Plugin` (the composition root, shipped as
/// `lib<Name>Plugin.so`) and a test target per layer.
func feature(_ name: String, _ layers: Layers) -> (products: [Product], targets: [Target]) {
    let root = "Features/\(name)"
    let domain = "\(name)Domain", data = "\(name)Data", presentation = "\(name)Presentation"
    let testing = "\(name)Testing", plugin = "\(name)Plugin"
    let targets: [Target] = [
        .target(name: domain, path: "\(root)/Domain"),
        .target(name: data, dependencies: [.target(name: domain), base] + layers.data.map(sdk)
                    + layers.dataSystemLibraries.keys.sorted().map { .target(name: $0) },
                path: "\(root)/Data", resources: layers.dataResources),
        .target(name: presentation, dependencies: [.target(name: domain), base] + layers.presentation.map(sdk),
                path: "\(root)/Presentation"),
        .target(name: testing, dependencies: [.target(name: domain)], path: "\(root)/Testing"),
        .target(name: plugin,
                dependencies: [.target(name: domain), .target(name: data), .target(name: presentation),
                               base, sdk("StrataPluginKit"), sdk("StrataRuntime")] + (layers.data + layers.presentation).map(sdk),
                path: "Plugins/\(name)", exclude: ["plugin.json", "Entry"], plugins: [descriptor()]),
        // The C entry points alone, so that the test binary, which links every plugin target, holds them once.
        .target(name: "\(plugin)Entry", dependencies: [.target(name: plugin), sdk("StrataPluginKit")],
                path: "Plugins/\(name)/Entry"),
        .testTarget(name: "\(domain)Tests", dependencies: [.target(name: domain), .target(name: testing)],
                    path: "Tests/\(name)/DomainTests"),
        .testTarget(name: "\(data)Tests",
                    dependencies: [.target(name: data), .target(name: testing), sdk("StrataTesting")] + (layers.data + layers.testLibraries).map(sdk),
                    path: "Tests/\(name)/DataTests"),
        .testTarget(name: "\(presentation)Tests",
                    dependencies: [.target(name: presentation), .target(name: testing)] + layers.presentation.map(sdk),
                    path: "Tests/\(name)/PresentationTests"),
    ] + layers.dataSystemLibraries.sorted { $0.key < $1.key }.map { name, library in
        .systemLibrary(name: name, path: "\(root)/\(name)", pkgConfig: library.pkgConfig, providers: [.apt([library.apt])])
    } + (layers.pluginTests ? [
        .testTarget(name: "\(plugin)Tests",
                    dependencies: [.target(name: plugin), .target(name: testing), sdk("StrataPluginKit"), sdk("StrataRuntime"),
                                   sdk("StrataTesting")]
                        + (layers.data + layers.presentation + layers.testLibraries).map(sdk),
                    path: "Tests/\(name)/PluginTests"),
    ] : [])
    return ([.library(name: plugin, type: .dynamic, targets: [plugin, "\(plugin)Entry"])], targets)
}

let features = [
    feature("Blocks", Layers(pluginTests: true)),
    feature("Gpt", Layers(data: ["StrataNetworking", "StrataStorage"], dataResources: [.copy("Resources")],
                          pluginTests: true, testLibraries: ["StrataURLSession"])),
    feature("Movies", Layers(data: ["StrataNetworking", "StrataStorage"], dataResources: [.copy("Resources")],
                             dataSystemLibraries: ["CJPEG": ("libjpeg", "libjpeg-dev")],
                             pluginTests: true, testLibraries: ["StrataURLSession"])),
    feature("Running", Layers(data: ["StrataNetworking", "StrataStorage"], pluginTests: true)),
]

// MARK: - Test fixtures

/// The plugins of the host's tests: most fail on purpose, one way each; Healthy, Hostile and the two builds of
/// Versioned don't. Their library names do not end in `Plugin.so`, so the host never discovers them next to
/// `strata`; the host tests copy them into a temporary plugin folder.
let faultFixtures = ["ThrowsAtRegistration", "WrongABI", "NoEntry", "TrapsAtLoad", "DuplicateRegistration",
                     "CycleA", "CycleB", "Healthy", "ClaimsClock", "Disagrees", "HangsAtLoad", "DiesAtLoad", "Hostile",
                     "VersionedOne", "VersionedTwo"]
/// Fixtures that also carry a C library constructor (in `Constructor/`), which runs inside `dlopen`.
let constructorFixtures: Set = ["HangsAtLoad"]
/// SDK libraries a fixture uses beyond the plugin API (Hostile fetches through the SDK's HTTP client and
/// opens a screen; the two builds of Versioned open a screen).
let fixtureLibraries = ["Hostile": ["StrataNetworking", "StrataTerminal"], "VersionedOne": ["StrataTerminal"], "VersionedTwo": ["StrataTerminal"]]
let fixtureTargets: [Target] = faultFixtures.flatMap { name -> [Target] in
    let constructor = constructorFixtures.contains(name)
    let swift = Target.target(name: "Fixture\(name)", dependencies: [sdk("StrataPluginKit")] + (fixtureLibraries[name] ?? []).map(sdk),
                              path: "Tests/Fixtures/\(name)",
                              exclude: ["plugin.json"] + (constructor ? ["Constructor"] : []), plugins: [descriptor()])
    guard constructor else { return [swift] }
    return [swift, .target(name: "Fixture\(name)Constructor", path: "Tests/Fixtures/\(name)/Constructor")]
}
let fixtureProducts: [Product] = faultFixtures.map { name in
    .library(name: "StrataFixture\(name)", type: .dynamic,
             targets: ["Fixture\(name)"] + (constructorFixtures.contains(name) ? ["Fixture\(name)Constructor"] : []))
}

// MARK: - Start-up

/// Two libraries that strata loads at every start (SQLite, which libStrataStorage links, and libstdc++, which the
/// Swift runtime links) bind about 1,500 and 1,650 references to themselves when they load: SQLite is built
/// with `-z now` and neither with `-Bsymbolic`. The loader looks each up in every object before them in the
/// search order, which follows strata's `NEEDED` list: at the end of it, 20-odd objects each. Named to the
/// linker as files, before the libraries the Swift objects autolink, they come first in that list: the same
/// objects load and each symbol binds to the same definition (no object strata loads defines a symbol either
/// of them defines; a test checks), found at the second or third stop. `LD_DEBUG=symbols` for `strata
/// --version`: 110,000 lookups in an object → 48,000 (Benchmarks/RESULTS.md, section 2).
var searchedFirst: [LinkerSetting] {
    #if os(Linux) && arch(arm64)
    let libraries = "/usr/lib/aarch64-linux-gnu"
    #else
    let libraries = "/usr/lib/x86_64-linux-gnu"
    #endif
    return [.unsafeFlags(["\(libraries)/libsqlite3.so", "\(libraries)/libstdc++.so.6"])]
}

// MARK: - Package

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "strata", targets: ["strata"])]
        + features.flatMap(\.products) + fixtureProducts,
    dependencies: [.package(path: "Core"), .package(path: "Core/Base"), .package(path: "Core/HostKit"),
                   .package(path: "Core/URLSession"), .package(path: "Core/Hosting"), .package(path: "Core/Testing")],
    targets: [
        // The host: its logic a library (the pipeline context → catalog → router → runner, the loader, each
        // host command), unit-tested in HostUnitTests; the executable is its main.swift. What it shares with
        // PluginTestHost (the host's services, running a plugin command) is StrataHosting.
        .target(
            name: "StrataHost",
            dependencies: [base, sdk("StrataHostKit"), sdk("StrataPluginKit"), sdk("StrataRuntime"), sdk("StrataNetworking"),
                           sdk("StrataStorage"), sdk("StrataTerminal"), sdk("StrataHosting"), "CSandbox"],
            path: "Core/Host", exclude: ["commands.json"], plugins: [descriptor()]
        ),
        // The sandbox a plugin's helper process puts itself in: Landlock through a C shim (syscall(2) is
        // variadic), and a seccomp filter written as a BPF program there (the kernel's headers only).
        .target(name: "CSandbox", path: "Core/HostSandbox/CSandbox"),
        .executableTarget(name: "strata", dependencies: ["StrataHost", base], path: "Core/HostMain", linkerSettings: searchedFirst),
        .testTarget(name: "HostUnitTests", dependencies: ["StrataHost", sdk("StrataPluginKit"), sdk("StrataHosting")],
                    path: "Tests/HostUnitTests"),
        // The probe HostUnitTests runs in a helper's sandbox to check its seccomp filter from inside (built with the rest by
        // `swift build`, beside the test bundle).
        .executableTarget(name: "strata-try-syscall", dependencies: ["CSandbox"], path: "Tests/Fixtures/TrySyscall"),
        .testTarget(name: "HostTests", dependencies: [sdk("StrataTesting"), base], path: "Tests/HostTests"),
        .testTarget(name: "ArchitectureTests", dependencies: [], path: "Tests/ArchitectureTests"),
    ] + features.flatMap(\.targets) + fixtureTargets,
    swiftLanguageModes: [.v6]
)
