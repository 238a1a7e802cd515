// swift-tools-version: 6.0
//
// StrataHosting: what hosting a plugin takes, shared by the `strata` host and `PluginTestHost` (in
// `Core/Testing`): registering the host's services, and running a routed plugin command (parse with its
// declaration, activate, run, report). Plugins don't link it: only the root package's `StrataHost` target
// and `StrataTesting` depend on it. It is a package of its own for the reason `Core/Testing` is: a target
// of `Core/` that depended on the SDK's targets would link a second copy of each.
import PackageDescription

let package = Package(
    name: "StrataHosting",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StrataHosting", targets: ["StrataHosting"]),
    ],
    dependencies: [.package(path: ".."), .package(path: "../HostKit")],
    targets: [
        .target(name: "StrataHosting", dependencies: [
            .product(name: "StrataHostKit", package: "HostKit"),
            .product(name: "StrataNetworking", package: "Core"),
            .product(name: "StrataPluginKit", package: "Core"),
            .product(name: "StrataRuntime", package: "Core"),
            .product(name: "StrataStorage", package: "Core"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
