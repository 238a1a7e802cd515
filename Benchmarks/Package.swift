// swift-tools-version: 6.0
//
// Strata's benchmarks, side by side with what a user would pick instead. A separate package so that the
// root package stays free of third-party dependencies: only this one depends on Swinject.
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    products: [
        // One trivial plugin, copied 10, 100 and 500 times to measure the cost of each additional plugin.
        .library(name: "TrivialBench", type: .dynamic, targets: ["TrivialPlugin"]),
    ],
    dependencies: [
        .package(path: "../Core"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "StrataBenchmarks",
            dependencies: [.product(name: "StrataPluginKit", package: "Core"), .product(name: "StrataStorage", package: "Core"),
                           .product(name: "Swinject", package: "Swinject"), "BlocksData", "MoviesData", "RunningData"]
        ),
        // The feature layers measured, compiled from the features' own folders (symlinks in Sources/).
        .target(name: "BlocksDomain"),
        .target(name: "BlocksData", dependencies: ["BlocksDomain", .product(name: "StrataStorage", package: "Core")]),
        .target(name: "MoviesDomain"),
        .target(name: "MoviesData", dependencies: ["MoviesDomain", .product(name: "StrataNetworking", package: "Core"),
                                                   .product(name: "StrataStorage", package: "Core")],
                resources: [.copy("Resources")]),
        .target(name: "RunningDomain"),
        .target(name: "RunningData", dependencies: ["RunningDomain", .product(name: "StrataStorage", package: "Core")]),
        // The floor for any Swift process here: a hello world that links Foundation.
        .executableTarget(name: "HelloWorld"),
        // Its descriptor's id, bench00000, is overwritten in each copy (same length) to match the copy's name.
        .target(name: "TrivialPlugin", dependencies: ["CDynamicLoader", .product(name: "StrataPluginKit", package: "Core")],
                exclude: ["plugin.json"], plugins: [.plugin(name: "StrataDescriptorPlugin", package: "Core")]),
        // dladdr, which Swift's Glibc module doesn't export: each trivial plugin's file name gives its id.
        .target(name: "CDynamicLoader"),
    ],
    swiftLanguageModes: [.v6]
)
