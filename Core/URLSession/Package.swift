// swift-tools-version: 6.0
//
// StrataURLSession: the HTTP client on URLSession, a package of its own beside the SDK in `Core/`.
//
// FoundationNetworking (libcurl and some 40 libraries behind it) doubles a process's start, so the host does
// not link it: the host opens this library when a plugin first resolves an `HTTPClient`, and features that
// send requests depend on it, so it is built (and loaded) with them. It is a package apart because a target
// shared by two products of one package is linked into each as a copy: here it links the SDK's one
// `libStrataNetworking.so`, so the client it makes is an `HTTPClient` to the host and every plugin.
// Its tests are the networking module's, run over this client against a loopback server.
import PackageDescription

let package = Package(
    name: "URLSession",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StrataURLSession", type: .dynamic, targets: ["StrataURLSession"]),
    ],
    dependencies: [.package(path: ".."), .package(path: "../Testing")],
    targets: [
        .target(name: "StrataURLSession", dependencies: [.product(name: "StrataNetworking", package: "Core")]),
        .testTarget(name: "StrataNetworkingTests",
                    dependencies: ["StrataURLSession", .product(name: "StrataNetworking", package: "Core"),
                                   .product(name: "StrataTesting", package: "Testing")]),
    ],
    swiftLanguageModes: [.v6]
)
