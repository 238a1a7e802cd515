import FoundationEssentials
import Glibc
import StrataBase
import StrataPluginKit

/// In the helper: the files strata opened for one command (``HelperFiles``), made readable to the plugin's
/// unchanged code. Landlock judges a path, even `/proc/self/fd/N` (by the file it leads to), so each
/// descriptor's bytes are copied into a private folder of the helper's own, `<data folder>/.strata-files/<pid>/<n>/`,
/// under the file's own name, and the command line names the copy; the folder goes when the command ends,
/// and those of helpers that died when another makes its own (``PrivateFolder/preparePerProcess(_:)``). They
/// are read-only grants: what a
/// command writes into a copy doesn't go back to the user's file, and the command says so (``written``).
struct HelperFileCopies {
    static let folderName = ".strata-files"

    /// This command's folder (`nil` when its command line names no file: a command line that names none
    /// costs no path building nor removal, RESULTS.md §7).
    let folder: URL?
    /// Each copy's file name and path, and its size, time and inode just after it was made.
    private var copies: [(name: String, path: String, stamp: [Int]?)] = []
    /// Each file's value on the command line strata sent (after its option's `--name=`, if any) → its copy's path.
    private(set) var renamed: [String: String] = [:]

    /// Copies each file of `arguments` from its descriptor (which it closes, like any left over) and rewrites
    /// its word in `words` to the copy.
    /// - Returns: the copies, or why they can't be made (a sentence for the command's error).
    static func make(
        _ arguments: [HelperFileArgument], descriptors: [Int32], words: inout [String], dataFolder: URL
    ) -> Result<HelperFileCopies, HelperFileRefusal> {
        defer { descriptors.forEach { _ = close($0) } }
        guard !arguments.isEmpty else { return .success(HelperFileCopies(folder: nil)) }
        let root = PrivateFolder.perProcess(in: dataFolder.appendingPathComponent(folderName))
        var copies = HelperFileCopies(folder: root)
        guard arguments.count == descriptors.count, arguments.allSatisfy({ words.indices.contains($0.index) }) else {
            return .failure(HelperFileRefusal("the files of the command line didn't reach its helper whole"))
        }
        do {
            try PrivateFolder.preparePerProcess(root)
        } catch {
            return .failure(HelperFileRefusal("can't make the folder for its copies in its data folder: \(error)"))
        }
        for (number, (argument, descriptor)) in zip(arguments, descriptors).enumerated() {
            let copy: String
            switch Self.copy(descriptor, named: argument.name, into: root.appendingPathComponent(String(number))) {
            case .success(let path): copy = path
            case .failure(let refusal):
                copies.remove()
                return .failure(refusal)
            }
            copies.renamed[String(words[argument.index].dropFirst(argument.prefix.count))] = copy
            words[argument.index] = argument.prefix + copy
            copies.copies.append((argument.name, copy, stamp(copy)))
        }
        return .success(copies)
    }

    /// Copies what `descriptor` holds into `folder` (made, mode 0700, in a prepared per-process folder) under
    /// `name`, made one path component; it doesn't close the descriptor.
    /// - Returns: the copy's path, or why it can't be made.
    static func copy(_ descriptor: Int32, named name: String, into folder: URL) -> Result<String, HelperFileRefusal> {
        let copy = folder.appendingPathComponent(safeName(name))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try copyBytes(from: descriptor, to: copy.path)
            return .success(copy.path)
        } catch {
            return .failure(HelperFileRefusal("can't copy \(name) into its data folder: \(errorText(error))"))
        }
    }

    func remove() {
        guard let folder else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The names of the files whose copies the command changed, replaced or removed.
    var written: [String] { copies.filter { Self.stamp($0.path) != $0.stamp }.map(\.name) }

    private static func stamp(_ path: String) -> [Int]? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return [Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec), Int(status.st_ino)]
    }

    /// `name` as one path component: never empty, `.`, `..`, or holding a `/` or a NUL; its bytes that aren't
    /// UTF-8 written as `\xFF` (``CommandLineWord/escaped(_:)``), so that the plugin opens the copy however it
    /// opens files, and names it as strata shows such a name.
    private static func safeName(_ name: String) -> String {
        let cleaned = String(CommandLineWord.escaped(name).map { $0 == "/" || $0 == "\0" ? "_" : $0 }.prefix(200))
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "file" : cleaned
    }

    /// Copies what `source` holds, at most ``HelperFiles/maximumBytes``, into a new file at `path` (mode 0600).
    private static func copyBytes(from source: Int32, to path: String) throws(HelperFileRefusal) {
        let target = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard target >= 0 else { throw HelperFileRefusal(String(cString: strerror(errno)).lowercased()) }
        defer { close(target) }
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(source, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw HelperFileRefusal(String(cString: strerror(errno)).lowercased()) }
            guard count > 0 else { return }
            total += count
            guard total <= HelperFiles.maximumBytes else { throw HelperFileRefusal("it grew past \(HelperFiles.maximumBytes >> 20) MiB") }
            var offset = 0
            while offset < count {
                let written = chunk[offset..<count].withUnsafeBytes { write(target, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw HelperFileRefusal(String(cString: strerror(errno)).lowercased()) }
                offset += written
            }
        }
    }
}

extension CommandArguments {
    /// These arguments (strata's parse, wire version 9) with each value that `spec` declares a file naming its
    /// copy: `copies` maps the path strata opened to the copy's (``HelperFileCopies/renamed``).
    func naming(_ copies: [String: String], spec: CommandSpec) -> CommandArguments {
        guard !copies.isEmpty else { return self }
        let positionals = positionals.enumerated().map { position, value in
            HelperFileValue.argument(position, of: spec)?.fileExtensions == nil ? value : copies[value] ?? value
        }
        var options = givenOptions
        for option in spec.options where option.fileExtensions != nil && option.writes != true {
            options[option.name] = options[option.name]?.map { copies[$0] ?? $0 }
        }
        return CommandArguments(positionals: positionals, options: options, flags: givenFlags)
    }
}
