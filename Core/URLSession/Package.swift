// swift-tools-version: 6.0
//
// StrataURLSession: Strata's HTTP client, `CurlHTTPClient`, a package of its own beside the SDK in `Core/`.
//
// The client drives libcurl's multi interface on a thread of its own: one multi handle, so that its
// requests share connections, and a request waiting on a silent server sleeps in `curl_multi_poll`
// (URLSession on Linux, FoundationNetworking, kept a core busy while it waited). libcurl is opened with
// `dlopen("libcurl.so.4")` by the C target `CCurl`, which declares the few curl functions and constants it
// uses: building needs no curl headers, and a machine without libcurl gets an error naming the package to
// install instead of a library that doesn't load. Nothing here imports FoundationNetworking any more.
//
// The host does not link this library: it opens it when a plugin first resolves an `HTTPClient`, and
// features that send requests depend on it, so it is built (and loaded) with them. It is a package apart
// because a target shared by two products of one package is linked into each as a copy: here it links the
// SDK's one `libStrataNetworking.so`, so the client it makes is an `HTTPClient` to the host and every plugin.
// The package, product and module keep the name they had when the client was URLSession's, so that the
// plugins and packages that depend on `StrataURLSession` build unchanged; `URLSessionHTTPClient` remains
// as a deprecated name of `CurlHTTPClient`.
// Its tests are the networking module's, run over this client against a loopback server.
import PackageDescription

let package = Package(
    name: "URLSession",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StrataURLSession", type: .dynamic, targets: ["StrataURLSession"]),
    ],
    dependencies: [.package(path: ".."), .package(path: "../Base"), .package(path: "../Testing")],
    targets: [
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // Library evolution and a module interface, as every SDK library (see `resilient` in ../Package.swift).
        .target(name: "StrataURLSession", dependencies: ["CCurl", .product(name: "StrataBase", package: "Base"),
                                                   .product(name: "StrataNetworking", package: "Core")],
                swiftSettings: [.unsafeFlags(["-enable-library-evolution", "-emit-module-interface"])]),
        .testTarget(name: "StrataNetworkingTests",
                    dependencies: ["CCurl", "StrataURLSession", .product(name: "StrataNetworking", package: "Core"),
                                   .product(name: "StrataTesting", package: "Testing")]),
    ],
    swiftLanguageModes: [.v6]
)
