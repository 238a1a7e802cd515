// swift-tools-version: 6.0
//
// StrataTesting: what tests of Strata and of its plugins share: a loopback HTTP server that speaks the real
// protocol, and `PluginTestHost`, a plugin in an in-memory host. It is a package of its own so that it uses
// the SDK libraries as the dynamic libraries they are: a target of `Core/` that depended on the SDK's targets
// would link a second copy of each into every test binary, beside the ones the plugins under test load.
// It plays the host, so it links StrataHostKit (the container and its host operations), which plugins never do.
import PackageDescription

let package = Package(
    name: "StrataTesting",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StrataTesting", targets: ["StrataTesting"]),
    ],
    dependencies: [.package(path: ".."), .package(path: "../Base"), .package(path: "../HostKit"), .package(path: "../Hosting")],
    targets: [
        .target(name: "StrataTesting", dependencies: [
            .product(name: "StrataBase", package: "Base"),
            .product(name: "StrataHostKit", package: "HostKit"),
            .product(name: "StrataHosting", package: "Hosting"),
            .product(name: "StrataNetworking", package: "Core"),
            .product(name: "StrataPluginKit", package: "Core"),
            .product(name: "StrataRuntime", package: "Core"),
            .product(name: "StrataStorage", package: "Core"),
            .product(name: "StrataTerminal", package: "Core"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
