import FoundationEssentials
import Glibc
import StrataBase
import StrataPluginKit

/// `strata plugins install | uninstall | trust | enable | disable | info`: managing plugins without editing
/// JSON or copying libraries by hand. None of them loads a plugin.
struct PluginLifecycleCommands {
    let catalog: HostCatalog
    private var context: HostContext { catalog.context }

    /// `strata plugins install PATH [--force] [--yes]`: checks a built `lib<Name>Plugin.so` (or builds a plugin
    /// package folder with `swift build -c release`) from its descriptor alone, then copies it into the
    /// user's plugin folder, mode 0644, and asks (in a terminal, or `yes`) to approve what it reaches
    /// beyond its data folder, as `plugins allow` does.
    func install(_ path: String, force: Bool, yes: Bool = false) throws(CommandExit) {
        let source = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        var isFolder = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) else {
            Console.error("can't install \(source.path): no such file or folder. Give a built lib<Name>Plugin.so or a plugin package folder.")
            throw .failure
        }
        let libraries: [URL]
        if isFolder {
            guard let built = buildPackage(source) else { throw .failure }
            libraries = built
        } else {
            libraries = [source]
        }
        for library in libraries {
            try install(library, force: force, yes: yes)
        }
    }

    /// The largest library install copies, far above any plugin's (a debug build of Running is 6 MiB).
    static let libraryLimit = 256 << 20

    private func install(_ library: URL, force: Bool, yes: Bool) throws(CommandExit) {
        guard let id = PluginDiscovery.pluginID(fromFileName: library.lastPathComponent) else {
            Console.error("can't install \(library.path): a plugin library is named lib<Name>Plugin.so (such as libHelloPlugin.so).")
            throw .failure
        }
        // One descriptor for all of it: the file checked is the file copied (a name swapped for another file
        // meanwhile changes neither), and a pipe or a device is refused as what it is.
        let file = open(library.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else {
            Console.error("can't install \(library.path): \(String(cString: strerror(errno))). Check the path.")
            throw .failure
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Console.error("can't install \(library.path): it is not a regular file (a pipe, a device or a socket), so it can't be a plugin library.")
            throw .failure
        }
        let descriptor: PluginDescriptor
        do {
            descriptor = try PluginDescriptorSection.decode(PluginDescriptorReader.section(file: file, path: library.path))
        } catch {
            Console.error("can't install \(library.path): not a Strata plugin: \(error)")
            throw .failure
        }
        if let problem = PluginCatalog.problem(with: descriptor, fileID: id)
            ?? PluginCatalog.incompatibility(of: descriptor, path: library.path, file: file)
        {
            Console.error("can't install \(library.path): \(problem)")
            throw .failure
        }
        let folder = URL(fileURLWithPath: PluginDiscovery.userDirectory(environment: context.environment), isDirectory: true)
        let target = folder.appendingPathComponent(library.lastPathComponent)
        if let existing = catalog.discovered.first(where: { $0.id == id }) {
            guard force else {
                Console.error("a plugin with id '\(id)' is already installed (\(existing.path)). Add \(PluginsInstallCommand.name(\.force)) to replace it.")
                throw .failure
            }
            guard URL(fileURLWithPath: existing.path).deletingLastPathComponent().path == realPath(folder.path) else {
                Console.error(
                    "'\(id)' is installed at \(existing.path), outside your plugin folder \(folder.path), so install can't replace it. "
                        + "Disable it instead: strata plugins disable \(id)")
                throw .failure
            }
        }
        guard lseek(file, 0, SEEK_SET) == 0, let bytes = readWhole(file, status: status, limit: Self.libraryLimit) else {
            Console.error(
                "can't install \(library.path): it holds more than \(Self.libraryLimit >> 20) MiB, or changed while strata read it. Build it again and install it then."
            )
            throw .failure
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            try StagedFile.write(bytes, over: target.path, mode: 0o644)
        } catch {
            Console.error("can't install into \(folder.path): \(folderProblem(folder)) (\(errorText(error))).")
            throw .failure
        }
        do {
            try PluginPins(environment: context.environment).pin(id, path: target.path)
        } catch {
            Console.warning("can't record the digest of \(target.path) for pinned trust: \(errorText(error))")
        }
        Console.writeLine("Installed \(descriptor.displayName) \(descriptor.version) (id \(id)) as \(target.path).")
        let installed = realPath(target.path) ?? target.path
        let isolation = context.config.isolation(for: id, at: installed)
        Console.writeLine(isolation.sentences(for: descriptor).joined(separator: "\n"))
        let judge = catalog.approvalJudge
        if !judge.judge(id, path: installed, descriptor: descriptor).allowsRunning {
            if yes || Console.isInteractive {
                Console.writeLine()
                try? PluginAllow(judge: judge, configSource: context.config.source).run(id, path: installed, descriptor: descriptor, yes: yes, json: false)
            } else {
                Console.writeLine("Before its first run, approve what it reaches beyond its data folder: strata plugins allow \(id)")
            }
        }
        if let configured = context.config.pluginDirectories, !context.pluginDirectories.contains(folder.path) {
            Console.warning(
                "`pluginDirectories` in \(context.config.source) (\(configured.joined(separator: ", "))) doesn't list \(folder.path), "
                    + "so strata won't find it there; add \"~/.local/lib/strata/plugins\" to the list.")
        }
    }

    /// `swift build -c release` in a plugin package, its output passed through; the plugin libraries built.
    private func buildPackage(_ package: URL) -> [URL]? {
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            Console.error("can't install \(package.path): a folder must be a plugin package (it has no Package.swift).")
            return nil
        }
        Console.writeError(
            "Building \(package.path) (swift build -c release)… This runs the package's Package.swift and build plugins "
                + "as you, with your files and network: install only packages from people you trust.")
        switch PackageBuild.run(package: package.path, configuration: "release", echo: true) {
        case .succeeded(let libraries):
            return libraries
        case .failed(let reason):
            Console.error("swift build failed in \(package.path); nothing was installed.\n\(reason)")
            return nil
        }
    }

    /// `strata plugins uninstall ID`: removes a library from the user's plugin folder. One that ships with
    /// strata (where the default prefix, `~/.local`, puts it in that same folder) is disabled instead.
    func uninstall(_ id: String) throws(CommandExit) {
        guard let plugin = known(id) else { throw .failure }
        if context.config.shipped.contains(path: plugin.path) {
            Console.writeLine("\(id) ships with strata (\(plugin.path)), and uninstall removes only plugins you installed; disabling it instead.")
            return try setEnabled(id, false)
        }
        let folder = PluginDiscovery.userDirectory(environment: context.environment)
        guard URL(fileURLWithPath: plugin.path).deletingLastPathComponent().path == realPath(folder) else {
            Console.error(
                "'\(id)' is at \(plugin.path), not in your plugin folder \(folder), so it wasn't installed with "
                    + "`strata plugins install`. Disable it instead: strata plugins disable \(id)")
            throw .failure
        }
        do {
            try FileManager.default.removeItem(atPath: plugin.path)
        } catch {
            Console.error("can't remove \(plugin.path): \(errorText(error))")
            throw .failure
        }
        PluginPins(environment: context.environment).unpin(id)
        PluginApprovals(environment: context.environment).remove(id)
        Console.writeLine("Uninstalled \(id) (removed \(plugin.path)).")
    }

    /// `strata plugins trust ID`: records the SHA-256 of the plugin's file as it is now, for pinned trust.
    func trust(_ id: String) throws(CommandExit) {
        guard let plugin = known(id) else { throw .failure }
        do {
            let digest = try PluginPins(environment: context.environment).pin(id, path: plugin.path)
            Console.writeLine(
                "Trusted \(plugin.path) as \(id) (SHA-256 \(digest))."
                    + (context.config.trust == .pinned ? "" : " Pins are checked when the config says \"trust\": \"pinned\"."))
            return
        } catch {
            Console.error("can't record the digest of \(plugin.path): \(errorText(error))")
            throw .failure
        }
    }

    /// `strata plugins enable|disable ID`: sets `features.<id>.enabled` in the config in effect, changing
    /// nothing else in it, or creates the user's config if there is none.
    func setEnabled(_ id: String, _ enabled: Bool) throws(CommandExit) {
        guard known(id) != nil else { throw .failure }
        let verb = enabled ? "Enabled" : "Disabled"
        if context.config.features[id]?.enabled == enabled || (enabled && context.config.features[id]?.enabled == nil) {
            Console.writeLine("\(id) is already \(enabled ? "enabled" : "disabled") in \(context.config.source); nothing changed.")
            return
        }
        let file = context.config.path ?? ConfigLoader(explicitPath: nil, environment: context.environment).candidates().last?.path ?? ""
        let url = URL(fileURLWithPath: file)
        var original = Data("{}\n".utf8)
        if context.config.path != nil {
            let reading = ConfigLoader.read(file)
            guard case .read(let bytes) = reading else {
                Console.error("can't read \(file): \(reading.problem ?? "")")
                throw .failure
            }
            original = Data(bytes)
        }
        var editor = ConfigEditor(original)
        editor.setEnabled(enabled, for: id)
        // Never say a change was made that the config, read again, doesn't show.
        guard (try? ConfigLoader.parse(Data(editor.bytes), path: file))?.isEnabled(id) == enabled else {
            Console.error("can't change `features.\(id).enabled` in \(file): strata couldn't edit it safely; set it by hand")
            throw .failure
        }
        do {
            let wasAllowed = ConfigAllowance(environment: context.environment).verdict(for: file, contents: original) == .allowed
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try StagedFile.replace(file, with: editor.bytes)
            // An approved config stays approved after an edit the user asked strata to make.
            if wasAllowed { try ConfigAllowance(environment: context.environment).allow(file, contents: Data(editor.bytes)) }
        } catch {
            Console.error("can't write \(file): \(errorText(error))")
            throw .failure
        }
        Console.writeLine("\(verb) \(id) in \(file)\(context.config.path == nil ? " (created)" : "").")
    }

    /// `strata plugins info ID [--json]`: everything the descriptor and the config say of one plugin.
    func info(_ id: String, json: Bool) throws(CommandExit) {
        guard let record = catalog.records.first(where: { $0.id == id }) else {
            _ = known(id)
            throw .failure
        }
        let descriptor = record.descriptor
        let isolation = context.config.isolation(for: id, at: record.path)
        let values =
            context.config.features[id]?.settings.flatMap { settings -> [String: JSONValue]? in
                if case .object(let fields) = Secrets.redacting(settings, declared: catalog.plugins.entry(id)?.secretSettings ?? []) { return fields }
                return nil
            } ?? [:]
        let dependents = catalog.plugins.entries.filter { $0.descriptor?.dependencies[id] != nil }.map(\.id).sorted()
        let usage = PluginUsage.row(of: id, isolation: isolation, window: .today, environment: context.environment, disabled: record.state == .disabled)
        if json {
            struct Setting: Encodable { let key, type, description: String; let defaultValue: String?; let secret: Bool; let value: JSONValue? }
            struct Info: Encodable {
                let status: PluginStatus
                let descriptor: PluginDescriptor?
                let settings: [Setting]
                let dependents: [String]
                let isolation: String
                /// Its row of `plugins top` for today.
                let usageToday: PluginUsage
            }
            Console.writeJSON(
                Info(
                    status: PluginStatus(record), descriptor: descriptor,
                    settings: (descriptor?.settings ?? []).map {
                        Setting(
                            key: $0.key, type: $0.type.rawValue, description: $0.description,
                            defaultValue: $0.defaultValue, secret: $0.secret, value: values[$0.key])
                    }, dependents: dependents, isolation: isolation.mode.rawValue, usageToday: usage))
            return
        }
        var text = "\(descriptor?.displayName ?? id) \(descriptor?.version ?? "") (id \(id))\n"
        if let summary = descriptor?.summary { text += "\(summary)\n" }
        text +=
            "\n"
            + Console.table(
                [["State", record.state.rawValue], ["Path", record.path]] + (record.error.map { [["Problem", $0]] } ?? [])
                    + [["ABI", descriptor?.abi ?? "-"]])
        text += "\nUsage today (strata plugins top):\n" + Console.table(zip(PluginUsage.table([])[0], usage.cells).dropFirst().map { ["  " + $0, $1] })
        if let unknown = usage.unknown { text += "  ? because \(unknown).\n" }
        if let commands = descriptor?.commands, !commands.isEmpty {
            text += "\nCommands:\n" + Console.listing(commands.map { ["  " + $0.usage, $0.summary] })
        }
        if let screens = descriptor?.screens, !screens.isEmpty {
            text += "\nScreens:\n" + Console.listing(screens.map { ["  " + $0.title, $0.summary] })
        }
        if let descriptor {
            let chosen = ChosenHost.chosen(by: context.config.features[id]?.settings, for: descriptor)
            text += "\nCapabilities:\n" + isolation.sentences(for: descriptor, chosen: chosen).map { "  \($0)\n" }.joined()
            switch catalog.approvalJudge.judge(id, path: record.path, descriptor: descriptor) {
            case .notNeeded(let why): text += "  Needs no approval: \(why).\n"
            case .approved: text += "  You allowed what it reaches beyond its data folder (strata plugins allow \(id)).\n"
            case let held: text += "  Not allowed yet: \(held.refusal(id, configSource: context.config.source) ?? "")\n"
            }
        }
        if let settings = descriptor?.settings, !settings.isEmpty {
            text +=
                "\nSettings (features.\(id).settings in \(context.config.source)):\n"
                + Console.table(
                    settings.map { setting in
                        let value =
                            values[setting.key].map { String(decoding: $0.encoded(), as: UTF8.self) }
                            ?? setting.defaultValue.map { "\($0) (default)" } ?? "-"
                        return ["  " + setting.key, setting.type.rawValue, value, setting.description]
                    })
        }
        let dependencies = (descriptor?.dependencies ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        text += "\nDepends on: \(dependencies.isEmpty ? "nothing" : dependencies.joined(separator: ", "))\n"
        text += "Needed by: \(dependents.isEmpty ? "nothing" : dependents.joined(separator: ", "))\n"
        Console.write(text)
    }

    /// The discovered plugin `id`, or `nil` after saying there is none (``unknown(_:in:)``).
    func known(_ id: String) -> DiscoveredPlugin? {
        if let plugin = catalog.discovered.first(where: { $0.id == id }) { return plugin }
        Console.error(Self.unknown(id, in: catalog))
        return nil
    }

    /// That there is no plugin `id`, with the closest id there is.
    static func unknown(_ id: String, in catalog: HostCatalog) -> String {
        let folders = catalog.context.pluginDirectories.joined(separator: ", ")
        guard let closest = closestName(to: id, in: catalog.discovered.map(\.id)) else { return "no plugin '\(id)' in \(folders). Run `strata plugins list`." }
        return "no plugin '\(id)' in \(folders); did you mean '\(closest)'? Run `strata plugins list`."
    }
}
