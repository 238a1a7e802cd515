// swift-tools-version: 6.1
//
// Strata's benchmarks, side by side with what a user would pick instead. A separate package so that the
// root package stays free of third-party dependencies: only this one depends on package-benchmark,
// Swinject, swift-dependencies and AsyncHTTPClient.
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    products: [
        // One trivial plugin, copied 10, 100 and 500 times to measure the cost of each additional plugin.
        .library(name: "TrivialBench", type: .dynamic, targets: ["TrivialPlugin"]),
        // The same with a Blocks-sized descriptor of 25 commands, copied 500 times.
        .library(name: "WideBench", type: .dynamic, targets: ["WidePlugin"]),
    ],
    dependencies: [
        .package(path: "../Core"),
        .package(path: "../Core/HostKit"),
        .package(path: "../Core/URLSession"),
        // The Swift server ecosystem's HTTP client (SwiftNIO), beside URLSession, for the HTTP rows.
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
        // The Swift server ecosystem's harness (`swift package benchmark`), with malloc counting.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The in-process rows, run by `swift package benchmark` (it runs the executables in Benchmarks/).
        .executableTarget(
            name: "DI",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), .product(name: "StrataPluginKit", package: "Core"),
                           .product(name: "StrataHostKit", package: "HostKit"),
                           .product(name: "Swinject", package: "Swinject"), .product(name: "Dependencies", package: "swift-dependencies")],
            path: "Benchmarks/DI",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Features",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), .product(name: "StrataStorage", package: "Core"),
                           "BlocksData", "MoviesData", "CSQLiteFloor"],
            path: "Benchmarks/Features",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The feature layers measured, compiled from the features' own folders (symlinks in Sources/).
        .target(name: "BlocksDomain"),
        .target(name: "BlocksData", dependencies: ["BlocksDomain", .product(name: "StrataStorage", package: "Core")]),
        .target(name: "MoviesDomain"),
        .target(name: "MoviesData", dependencies: ["MoviesDomain", "CJPEG", .product(name: "StrataNetworking", package: "Core"),
                                                   .product(name: "StrataStorage", package: "Core")],
                resources: [.copy("Resources")]),
        // libjpeg, for the posters Movies' Data decodes.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // SQLite's C API, for the floor of the Blocks rows: the same rows through no layer of ours.
        .systemLibrary(name: "CSQLiteFloor"),
        // The HTTP rows: Strata's client, URLSession, AsyncHTTPClient and a raw socket, one process each.
        .executableTarget(
            name: "HTTPBench",
            dependencies: [.product(name: "StrataURLSession", package: "URLSession"), .product(name: "StrataNetworking", package: "Core"),
                           .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        // The floor for any Swift process here: a hello world that links Foundation.
        .executableTarget(name: "HelloWorld"),
        // Its descriptor's id, bench00000, is overwritten in each copy (same length) to match the copy's name.
        .target(name: "TrivialPlugin", dependencies: [.product(name: "StrataPluginKit", package: "Core")],
                exclude: ["plugin.json"], plugins: [.plugin(name: "StrataDescriptorPlugin", package: "Core")]),
        // The trivial plugin's code (a link to its file) with a Blocks-sized descriptor of 25 commands, whose
        // first words are bench00000, each overwritten like the id.
        .target(name: "WidePlugin", dependencies: [.product(name: "StrataPluginKit", package: "Core")],
                exclude: ["plugin.json"], plugins: [.plugin(name: "StrataDescriptorPlugin", package: "Core")]),
    ],
    swiftLanguageModes: [.v6]
)
