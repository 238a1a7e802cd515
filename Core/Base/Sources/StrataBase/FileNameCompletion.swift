internal import Glibc

/// Tab completion of a file name, by one rule wherever it is listed: in a plugin's own process, and in strata
/// for a plugin in a sandboxed helper, which can't list the user's folders (``UserFiles``).
public enum FileNameCompletion {
    /// The most names one completion answers, and the most entries of a folder it reads to find them.
    public static let maximumNames = 256, maximumEntries = 10_000

    /// The paths `typed` could complete to, sorted: in the folder up to its last `/` (`~/` is `home`, a
    /// relative folder is in `workingDirectory`), each name that starts with the rest, as `typed` up to that
    /// `/` plus the name, with a `/` after a folder's. Hidden names only when the rest starts with a `.`, as
    /// shells complete; files only with one of `extensions` (without the dot, any case; empty takes any);
    /// names that aren't UTF-8 or hold a control character are left out. At most ``maximumNames``, from the
    /// first ``maximumEntries`` entries of the folder.
    public static func candidates(
        completing typed: String, extensions: [String], workingDirectory: String, home: String?
    ) -> [String] {
        let cut = typed.lastIndex(of: "/").map { typed.index(after: $0) } ?? typed.startIndex
        let typedFolder = String(typed[..<cut]), start = String(typed[cut...])
        var folder = typedFolder.isEmpty ? "." : typedFolder
        if folder == "~/" || folder.hasPrefix("~/"), let home { folder = home + folder.dropFirst() }
        if !folder.hasPrefix("/") { folder = workingDirectory + "/" + folder }
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let wanted = Set(extensions.map { $0.lowercased() })
        var names: [String] = []
        for _ in 0..<maximumEntries {
            guard let entry = readdir(directory) else { break }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(validating: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let name, name != ".", name != "..", name.hasPrefix(start), start.hasPrefix(".") || !name.hasPrefix("."),
                !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { continue }
            names.append(name)
        }
        var found: [String] = []
        for name in names.sorted() where found.count < maximumNames {
            var status = stat()
            guard stat(folder + "/" + name, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                found.append(typedFolder + name + "/")
            } else if wanted.isEmpty || name.lastIndex(of: ".").map({ wanted.contains(name[name.index(after: $0)...].lowercased()) }) == true {
                found.append(typedFolder + name)
            }
        }
        return found
    }
}
