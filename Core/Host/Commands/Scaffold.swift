import FoundationEssentials
import StrataTerminal

/// `strata plugins new NAME [--path DIR] [--core PATH]`: writes an out-of-tree plugin package that builds
/// against the SDK installed with this strata (or a checkout's Core, by path), builds with `swift build`,
/// and loads once its build folder is in `pluginDirectories`.
enum Scaffold {

    /// The names a new plugin's id must not take: each found plugin's id, and each command word a plugin or
    /// the host claims (a plugin named Clock would take `strata clock` from Blocks).
    struct ClaimedNames {
        /// id → the library that has it.
        var ids: [String: String] = [:]
        /// First command word → who claims it (`plugin 'blocks' (path)`, `strata itself`).
        var words: [String: String] = [:]

        /// The names claimed by the plugins of `catalog` (the config's, or the defaults'), read from their
        /// descriptors.
        init(_ catalog: HostCatalog) {
            for word in PluginLoader.reservedWords { words[word] = "strata itself" }
            for entry in catalog.plugins.entries {
                ids[entry.id] = ids[entry.id] ?? entry.path
                for command in entry.descriptor?.commands ?? [] {
                    if let word = command.words.first, words[word] == nil { words[word] = "plugin '\(entry.id)' (\(entry.path))" }
                }
            }
        }

        /// Why `id` can't be a new plugin's id, or `nil`.
        func refusal(_ id: String) -> String? {
            if let path = ids[id] { return "a plugin with id '\(id)' is already installed (\(path))" }
            if let owner = words[id] {
                return "'\(id)' is a command word of \(owner), and a plugin's commands start with its id, so the two would claim `strata \(id)`"
            }
            return nil
        }
    }

    static func run(_ arguments: [String], claimed: ClaimedNames) -> Int32 {
        let declared = HostCommand.named(PluginsNewCommand.words)
        if arguments.contains("--help") || arguments.contains("-h") {
            Console.write(declared.help)
            return 0
        }
        guard let parsed = declared.parse(arguments) else { return 2 }
        let command = PluginsNewCommand(parsed)
        let rawName = command.name
        let parent = command.path ?? FileManager.default.currentDirectoryPath
        let typeName = rawName.prefix(1).uppercased() + rawName.dropFirst()
        guard typeName.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), typeName.first?.isLetter == true else {
            Console.error("NAME must be letters and digits, starting with a letter (e.g. Hello); got '\(rawName)'.")
            return 2
        }
        if let refusal = claimed.refusal(typeName.lowercased()) {
            Console.error("can't name a new plugin \(typeName): \(refusal). Choose another NAME.")
            return 1
        }
        guard let sdk = sdk(core: command.core, executableDirectory: executableDirectory()) else {
            let option = PluginsNewCommand.name(\.core)
            let looked = command.core ?? installedSDKPath(executableDirectory: executableDirectory())
            Console.error("can't find the Strata SDK at \(looked). Pass \(option) PATH to the Core folder of a Strata checkout.")
            return 1
        }
        if case .installed(let path) = sdk, let warning = compilerWarning(sdk: path, toolchain: toolchainSwiftVersion()) {
            Console.error("warning: \(warning)")
        }
        let root = URL(fileURLWithPath: parent).appendingPathComponent(typeName)
        if FileManager.default.fileExists(atPath: root.path) {
            Console.error("\(root.path) already exists; choose another NAME or \(PluginsNewCommand.name(\.path)).")
            return 1
        }
        var firstExisting = URL(fileURLWithPath: parent).standardized
        var created: [String] = []
        while !FileManager.default.fileExists(atPath: firstExisting.path), firstExisting.path != "/" {
            created.insert(firstExisting.path, at: 0)
            firstExisting.deleteLastPathComponent()
        }
        do {
            for (path, contents) in ScaffoldTemplate.files(name: typeName, sdk: sdk) {
                let file = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: file)
            }
        } catch {
            Console.error("can't write the package at \(root.path): \(folderProblem(root)). Choose another \(PluginsNewCommand.name(\.path)).")
            return 1
        }
        let id = typeName.lowercased()
        if !created.isEmpty { Console.writeLine("Created the missing folder\(created.count == 1 ? "" : "s") \(created.joined(separator: ", ")).") }
        let parts = TextColumns.render([
            ["Sources/\(typeName)Domain", "a use case and the repository it needs (Foundation only)"],
            ["Sources/\(typeName)Data", "the repository, reading a file of the plugin's data folder"],
            ["Sources/\(typeName)Presentation", "a view model and its screen"],
            ["Sources/\(typeName)Plugin", "the composition root, its typed command, plugin.json, the C entry point"],
            ["Tests/\(typeName)DomainTests", "the use case's tests"],
            ["Tests/\(typeName)DataTests", "the repository's test"],
            ["Tests/\(typeName)PluginTests", "the plugin in StrataTesting's in-memory host: a command, the screen"],
        ]).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        Console.writeLine(
            """
            Created \(root.path)
            \(parts)

            Next:
              strata dev \(root.path)
                builds it and opens strata with it; each saved change is built and shown
              strata dev \(root.path) -- \(id) greet World
                the same for a command
              strata plugins install \(root.path)
                when it's ready: a release build, copied to ~/.local/lib/strata/plugins
            """)
        return 0
    }

    /// What a new package builds against: the Core folder given with `--core`; without it the SDK installed
    /// with this strata (`PREFIX/lib/strata/sdk` beside `PREFIX/bin/strata`), or, for a strata run from its
    /// build folder, the checkout it was built from. `nil` when that isn't there.
    static func sdk(core: String?, executableDirectory: String) -> ScaffoldTemplate.SDK? {
        if let core { return FileManager.default.fileExists(atPath: "\(core)/Package.swift") ? .checkout(core) : nil }
        let installed = installedSDKPath(executableDirectory: executableDirectory)
        if FileManager.default.fileExists(atPath: "\(installed)/Package.swift") { return .installed(installed) }
        let checkout = defaultCorePath()
        return FileManager.default.fileExists(atPath: "\(checkout)/Package.swift") ? .checkout(checkout) : nil
    }

    /// `PREFIX/lib/strata/sdk` for a strata in `PREFIX/bin`.
    static func installedSDKPath(executableDirectory: String) -> String {
        URL(fileURLWithPath: executableDirectory).deletingLastPathComponent().appendingPathComponent("lib/strata/sdk").path
    }

    /// The Core folder of the checkout this `strata` was built from.
    static func defaultCorePath() -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// Why the package won't build against the installed SDK at `sdk` with the compiler `toolchain` (the
    /// version `swift --version` prints, `nil` when it can't be run), or `nil` when it will. The SDK's
    /// manifest refuses another compiler, and strata refuses a plugin another compiler built.
    static func compilerWarning(sdk: String, toolchain: String?) -> String? {
        let file = "\(sdk)/swift-version"
        guard let data = FileManager.default.contents(atPath: file), data.count <= 64,
            let built = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).first.map(String.init),
            built.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
        else {
            return "\(file) is missing or unreadable, so which Swift compiler the SDK needs is unknown; reinstall strata."
        }
        guard let toolchain else {
            return "can't run `swift --version`; the package needs the Swift \(built) toolchain on PATH to build."
        }
        guard toolchain != built else { return nil }
        return "the Strata SDK at \(sdk) was built by Swift \(built), and `swift` on PATH is Swift "
            + "\(toolchain). Swift has no stable ABI across compilers on Linux, so the package won't build "
            + "against this SDK (its manifest refuses) until Swift \(built) is on PATH."
    }

    /// The version `swift --version` prints (`6.3.1`), or `nil` when it can't be run or says none.
    static func toolchainSwiftVersion() -> String? {
        guard
            let process = try? ChildProcess(
                executable: "/usr/bin/env", arguments: ["swift", "--version"], environment: ProcessInfo.processInfo.environment,
                output: .capturedWithErrors)
        else { return nil }
        var text = Data()
        _ = process.readOutput { chunk in if text.count < 4096 { text += chunk } }
        guard process.wait() == 0 else { return nil }
        return swiftVersion(in: String(decoding: text, as: UTF8.self))
    }

    /// `6.3.1` in `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
    static func swiftVersion(in text: String) -> String? {
        guard let start = text.firstRange(of: "Swift version ")?.upperBound else { return nil }
        let version = text[start...].prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        return version.isEmpty ? nil : String(version)
    }
}
