import FoundationEssentials
import Glibc

/// The plugin libraries that ship with strata, which run inside it unless the config says otherwise (every
/// other plugin runs in a sandboxed helper): those in strata's own plugin folder
/// (``PluginDiscovery/builtInDirectory(executableDirectory:)``) that its build or its install put there.
/// - In a build folder (`.build/debug`), every plugin library beside `strata` was built with it.
/// - In an installed layout (`PREFIX/bin/strata`), that folder is also the user's own when the prefix is
///   `~/.local`, so only the libraries `Scripts/stage` listed in `PREFIX/lib/strata/shipped-plugins` ship.
///
/// The plugin `strata dev` is building (in `developmentFolder`) runs in process too: its author's own
/// build, which the loop restarts on each save.
struct ShippedPlugins: Sendable {
    /// strata's own plugin folder, as a real path (`nil` when it doesn't exist).
    let folder: String?
    /// The library file names that ship, or `nil` when every library in `folder` does (a build folder).
    let names: Set<String>?
    /// ``HostContext/developmentFolder``, under `strata dev`.
    var developmentFolder: String?

    /// The list `Scripts/stage` writes, relative to `PREFIX/lib/strata`.
    static let listName = "shipped-plugins"
    /// Far more than a list of library names needs.
    static let listLimit = 64 << 10

    /// Those of the `strata` running in `executableDirectory`.
    init(executableDirectory: String) {
        let folder = PluginDiscovery.builtInDirectory(executableDirectory: executableDirectory)
        self.folder = realPath(folder)
        guard URL(fileURLWithPath: executableDirectory).lastPathComponent == "bin" else {
            names = nil
            return
        }
        let list = URL(fileURLWithPath: folder).deletingLastPathComponent().appendingPathComponent(Self.listName).path
        let lines = Self.read(list).split(separator: "\n").map(String.init)
        names = Set(lines.filter { PluginDiscovery.pluginID(fromFileName: $0) != nil })
    }

    /// Those of this `strata`.
    static let current = ShippedPlugins(executableDirectory: executableDirectory())

    /// Whether the library at `path` (a real path, as discovery gives it) ships with strata.
    func contains(path: String) -> Bool {
        // Split by hand, in the string's own bytes: through URL, or by Characters, this was a tenth of `plugins
        // list` over 500 drop-ins, and through the UTF-8 view, with a String made for the folder, 4 % (1.9 M
        // instructions; 0.3 M so).
        var path = path
        return path.withUTF8 { bytes in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return false }
            let parent = UnsafeBufferPointer(rebasing: bytes[..<max(slash, 1)])  // "/" for a file at the root
            func isParent(_ folder: String) -> Bool { folder.utf8.count == parent.count && folder.utf8.elementsEqual(parent) }
            if let developmentFolder, isParent(developmentFolder) { return true }
            guard let folder, isParent(folder) else { return false }
            return names?.contains(String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), as: UTF8.self)) ?? true
        }
    }

    /// The list's text, read through one descriptor and bounded (empty when it is missing, too long, or
    /// changed while read).
    private static func read(_ path: String) -> String {
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return "" }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, let bytes = readWhole(file, status: status, limit: listLimit) else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }
}
