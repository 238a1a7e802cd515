// swift-tools-version: 6.1
import PackageDescription

/// A plugin target: StrataPluginKit, the shared interface, and its descriptor compiled in.
func plugin(_ name: String) -> Target {
    .target(name: name, dependencies: [.product(name: "StrataPluginKit", package: "Core"),
                                       .product(name: "GreeterInterface", package: "GreeterInterface")],
            exclude: ["plugin.json"], plugins: [.plugin(name: "StrataDescriptorPlugin", package: "Core")])
}

let package = Package(
    name: "Greeters",
    products: [.library(name: "ProviderPlugin", type: .dynamic, targets: ["ProviderPlugin"]),
               .library(name: "ConsumerPlugin", type: .dynamic, targets: ["ConsumerPlugin"])],
    dependencies: [.package(path: "../../../../Core"), .package(path: "../GreeterInterface")],
    targets: [plugin("ProviderPlugin"), plugin("ConsumerPlugin")],
    swiftLanguageModes: [.v6]
)
