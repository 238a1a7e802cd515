import Foundation

/// The part of `swift package describe --type json` the rules read.
struct PackageDescription: Decodable {
    struct Target: Decodable {
        let name: String
        let path: String
        let type: String
        let target_dependencies: [String]?
        let product_dependencies: [String]?
    }

    struct Dependency: Decodable {
        let identity: String
        let type: String?
    }

    let targets: [Target]
    let dependencies: [Dependency]?
}

/// The dependency rule of Strata, checked on the package description:
/// Domain → nothing; Data → its Domain + the base + networking/storage; Presentation → its Domain + the base +
/// the terminal kit; Testing → its Domain; Plugin → its own feature's layers + SDK; no feature depends on another;
/// the host depends on no feature; the only package dependency is Core.
enum ArchitectureRules {
    static let layers = ["Domain", "Data", "Presentation", "Testing", "Plugin"]
    static let allowedProducts: [String: Set<String>] = [
        "Domain": [],
        "Data": ["StrataBase", "StrataNetworking", "StrataURLSession", "StrataStorage"],
        "Presentation": ["StrataBase", "StrataTerminal"],
        "Testing": ["StrataTesting"],
    ]

    /// The feature and layer of a feature target (`MoviesData` → ("Movies", "Data")).
    static func featureLayer(_ target: PackageDescription.Target) -> (feature: String, layer: String)? {
        let parts = target.path.split(separator: "/").map(String.init)
        if parts.count == 3, parts[0] == "Features", layers.contains(parts[2]) { return (parts[1], parts[2]) }
        if parts.count == 2, parts[0] == "Plugins" { return (parts[1], "Plugin") }
        return nil
    }

    static func violations(in package: PackageDescription) -> [String] {
        var problems: [String] = []
        let features = Dictionary(uniqueKeysWithValues: package.targets.compactMap { target in featureLayer(target).map { (target.name, $0) } })
        for target in package.targets {
            let targetDependencies = target.target_dependencies ?? []
            let productDependencies = target.product_dependencies ?? []
            if let (feature, layer) = featureLayer(target) {
                for dependency in targetDependencies {
                    guard let other = features[dependency] else { continue }
                    if other.feature != feature {
                        problems.append("\(target.name) (feature \(feature)) depends on \(dependency) of feature \(other.feature)")
                    } else if layer != "Plugin" && other.layer != "Domain" {
                        problems.append("\(target.name) (\(layer)) depends on \(dependency) (\(other.layer)); only Domain is allowed")
                    }
                }
                if layer == "Domain" && !targetDependencies.isEmpty {
                    problems.append("\(target.name) (Domain) depends on \(targetDependencies.joined(separator: ", ")); Domain depends on nothing")
                }
                for product in productDependencies where hostOnlyProducts.contains(product) {
                    problems.append("\(target.name) (\(layer)) depends on \(product), the host's own library; a plugin registers and resolves through its PluginContext")
                }
                if let allowed = allowedProducts[layer] {
                    for product in productDependencies where !allowed.contains(product) {
                        problems.append("\(target.name) (\(layer)) depends on the SDK product \(product); allowed: \(allowed.sorted().joined(separator: ", ").isEmpty ? "none" : allowed.sorted().joined(separator: ", "))")
                    }
                }
            } else if target.type == "executable" || target.path.hasPrefix("Core/Host") {
                for dependency in targetDependencies where features[dependency] != nil {
                    problems.append("the host \(target.name) depends on the feature target \(dependency)")
                }
            }
        }
        for dependency in package.dependencies ?? [] where !(sdkPackages.contains(dependency.identity) && dependency.type == "fileSystem") {
            problems.append("the root package depends on \(dependency.identity); it may depend only on the SDK (Core, Core/Base, Core/URLSession, Core/Hosting and Core/Testing, by path)")
        }
        return problems
    }

    /// The SDK's packages, all inside `Core/`: the SDK libraries, the base library they share, the HTTP client
    /// (`URLSession`, on libcurl), what only the host may do (`HostKit`), what the host shares with the test
    /// host (`Hosting`) and the test support.
    static let sdkPackages: Set<String> = ["core", "base", "hostkit", "urlsession", "hosting", "testing"]

    /// What only the host links: the container itself, plugin contexts, the secret mask's writer (`Core/HostKit`),
    /// and hosting a plugin (`Core/Hosting`).
    static let hostOnlyProducts: Set<String> = ["StrataHostKit", "StrataHosting"]

    /// The lines of a Swift source that import a host-only module, in any form (`@_spi(…) import`,
    /// `@testable import`, `import class StrataHostKit.Container`); comments are not imports.
    static func hostOnlyImports(in text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            guard !line.hasPrefix("//") else { return false }
            var words = line.split(separator: " ").map(String.init)[...]
            while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
            guard words.first == "import" else { return false }
            words = words.dropFirst()
            if let kind = words.first, importKinds.contains(kind) { words = words.dropFirst() }
            let module = words.first?.split(separator: ".").first.map(String.init) ?? ""
            return hostOnlyProducts.contains(module)
        }
    }

    static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
}
