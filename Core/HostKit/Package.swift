// swift-tools-version: 6.1
//
// StrataHostKit: what only the host may do, in a library plugins do not link (as swift-log keeps
// `LoggingSystem.bootstrap` away from the `Logger` users hold): the shared DI container itself (registering
// as any owner, freezing, thawing, removing a plugin's registrations), making each plugin's context over it,
// and writing the secret mask. The `strata` host and the test support (`Core/Testing`) link it; plugins and
// features never do (an architecture test checks). The compiler enforces it: the module names the clients
// allowed to import it (`-allowable-client`), and a plugin that imports it anyway, even once StrataTesting
// has built it, fails to build with "module 'StrataHostKit' doesn't allow importation from module '…'".
//
// A package of its own, as `Base/` and `URLSession/` are, so that it links the SDK libraries as the dynamic
// libraries they are: a target of `Core/` depending on StrataDI would carry a second copy of the container's
// types.
import PackageDescription

/// The modules that may import StrataHostKit: the host's library, what hosting a plugin takes (shared by
/// the host and the test support), the test support that plays the host, this package's tests, and the DI
/// benchmark (Benchmarks/), which plays the host too.
let allowedClients = ["StrataHost", "StrataHosting", "StrataTesting", "StrataHostKitTests", "DI"]

let package = Package(
    name: "StrataHostKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StrataHostKit", type: .dynamic, targets: ["StrataHostKit"]),
    ],
    dependencies: [.package(path: ".."), .package(path: "../Base")],
    targets: [
        .target(name: "StrataHostKit", dependencies: [
            .product(name: "StrataBase", package: "Base"),
            .product(name: "StrataPluginKit", package: "Core"),
        ], swiftSettings: [.unsafeFlags(allowedClients.flatMap { ["-Xfrontend", "-allowable-client", "-Xfrontend", $0] })]),
        .testTarget(name: "StrataHostKitTests", dependencies: [
            "StrataHostKit",
            .product(name: "StrataBase", package: "Base"),
            .product(name: "StrataPluginKit", package: "Core"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
