// swift-tools-version: 6.1
import PackageDescription

// The interface a provider plugin exports and its consumers use: a dynamic library, so that every plugin
// linking it shares one copy of the protocol (and the container sees one type).
let package = Package(
    name: "GreeterInterface",
    products: [.library(name: "GreeterInterface", type: .dynamic, targets: ["GreeterInterface"])],
    targets: [.target(name: "GreeterInterface")],
    swiftLanguageModes: [.v6]
)
