// swift-tools-version: 6.0
//
// StrataBase: what more than one SDK library needs (the sanitizer for untrusted text, JSON that escapes
// controls). It is a package of its own so that the SDK libraries in `Core/` can share it as one dynamic
// library: a target shared by two products of one package would be linked into each of them as a copy.
import PackageDescription

let package = Package(
    name: "StrataBase",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StrataBase", type: .dynamic, targets: ["StrataBase"]),
    ],
    targets: [
        // Library evolution and a module interface, as every SDK library (see `resilient` in ../Package.swift).
        .target(name: "StrataBase", swiftSettings: [.unsafeFlags(["-enable-library-evolution", "-emit-module-interface"])]),
    ],
    swiftLanguageModes: [.v6]
)
