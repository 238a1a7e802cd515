import FoundationEssentials
import Glibc
import StrataHosting
import StrataPluginKit

/// A file a user named on a process-isolated plugin's command line, as it crosses to the helper: the user's
/// choice is the grant (a document picker's "powerbox"), so strata opens it with the user's authority and
/// sends the descriptor, and the helper reads that file and no other outside its folder (``HelperFileCopies``).
struct HelperFileArgument: Codable, Equatable, Sendable {
    /// The index of its word in the command line sent (the command's path included).
    var index: Int
    /// What comes before the path in that word: `--track=` for `--track=lake.gpx`, else nothing.
    var prefix: String
    /// The file's name, the last part of its path, which the helper's copy keeps.
    var name: String
}

/// The files of one command line that strata opened for a plugin's helper: the arguments and options the
/// plugin declares with `fileExtensions`, each opened read-only and judged through its descriptor (a regular
/// file of at most ``maximumBytes``). Folders and files it writes (`writes`) don't cross: one outside what the
/// helper may reach is refused, with what to do.
struct HelperFiles: Sendable {
    /// The largest file that crosses (the helper copies it into its data folder).
    static let maximumBytes = 256 << 20

    var arguments: [HelperFileArgument] = []
    /// strata's descriptors, in the order of ``arguments``; ``close()`` closes them once they were sent.
    var descriptors: [Int32] = []

    func close() { descriptors.forEach { _ = Glibc.close($0) } }

    /// Opens the files `words` (a command line of `command`, the command's path first) names.
    /// - Parameters:
    ///   - reachable: the folders the helper may write in itself (its data folder, declared files); `nil`
    ///     when it isn't sandboxed, so that any folder goes.
    ///   - advice: what to do instead, for a refusal's sentence (the setting that runs the plugin in process).
    /// - Returns: the files, or the sentence that says which one strata can't open and why.
    static func open(
        _ words: [String], command: PluginDescriptor.Command, reachable: [String]?, dataFolder: String, advice: String,
        audit: PluginAuditLog? = nil
    ) -> Result<HelperFiles, HelperFileRefusal> {
        var files = HelperFiles()
        let name = command.words.joined(separator: " ")
        // Each file is recorded as strata decides it: given, or refused with why.
        func record(_ value: HelperFileValue, how: String, write: Bool, refusal: String? = nil) {
            let path = value.path.hasPrefix("/") ? value.path : FileManager.default.currentDirectoryPath + "/" + value.path
            audit?.record(PluginAudit.Entry(kind: .file, refused: refusal != nil, path: path, write: write, how: how, reason: refusal))
        }
        for value in HelperFileValue.values(in: Array(words.dropFirst(command.words.count)), spec: command.spec) {
            if case .endpoint = value.kind { continue }
            let index = value.index + command.words.count
            if let (option, what) = value.kind.reached {
                let how = if case .written = value.kind { "written" } else { "folder" }
                guard let reachable, folder(holding: value.path, of: reachable) == nil else {
                    record(value, how: how, write: true)
                    continue
                }
                files.close()
                let refusal = HelperFileRefusal(
                    "\(name): \(option) \(value.path) is \(what) outside what the plugin's sandboxed helper may reach, "
                        + "so it can't use it: use a path inside \(dataFolder), or \(advice)")
                record(value, how: how, write: true, refusal: refusal.description)
                return .failure(refusal)
            }
            guard files.descriptors.count < HelperChannel.maximumDescriptors else {
                files.close()
                let refusal = HelperFileRefusal("\(name): more than \(HelperChannel.maximumDescriptors) files on one command line; \(advice)")
                record(value, how: "argument", write: false, refusal: refusal.description)
                return .failure(refusal)
            }
            switch UserFileOpening.open(value.path, maximumBytes: maximumBytes) {
            case .success(let descriptor):
                files.descriptors.append(descriptor)
                let last = value.path.split(separator: "/").last.map(String.init) ?? value.path
                files.arguments.append(HelperFileArgument(index: index, prefix: value.prefix, name: last))
                record(value, how: "argument", write: false)
            case .failure(let problem):
                files.close()
                record(value, how: "argument", write: false, refusal: problem.description)
                return .failure(HelperFileRefusal("\(name): \(problem)"))
            }
        }
        return .success(files)
    }

    /// The one of `folders` that `path` is or is inside (both resolved, links and all), if any: a command
    /// line's file the helper can reach itself, or a file its screen asks for that it could have planted
    /// (``HelperFileGrants``).
    static func folder(holding path: String, of folders: [String]) -> String? {
        guard let resolved = resolved(path) else { return nil }
        return folders.first { folder in
            Self.resolved(folder).map { resolved == $0 || resolved.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } ?? false
        }
    }

    /// `path` made absolute with its links resolved as far as it exists, the rest (what the command or strata
    /// would make) as written; `nil` when that rest climbs with `..`.
    private static func resolved(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts = absolute.split(separator: "/").map(String.init), rest: [String] = []
        while true {
            if let real = realPath("/" + parts.joined(separator: "/")) {
                guard !rest.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
                return ([real == "/" ? "" : real] + rest).joined(separator: "/")
            }
            guard let last = parts.popLast() else { return nil }
            rest.insert(last, at: 0)
        }
    }
}

/// A file argument strata won't send to a helper: the sentence says which, why and what to do.
struct HelperFileRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A value on a command line that names a file, a folder or an address (what a helper may reach only through
/// strata), found as ``CommandArguments`` parses the words.
struct HelperFileValue: Equatable {
    enum Kind: Equatable {
        /// A file the command reads, which crosses.
        case read
        /// The folder of an option (a value named `DIR`), or a file it writes (`writes`): the helper uses the
        /// path itself.
        case folder(option: String), written(option: String)
        /// A `HOST:PORT` the command listens on or connects to, which strata opens sockets for
        /// (``HelperSocketGrants``); not a file.
        case endpoint(CommandSpec.Endpoint)

        /// The option and what its value is, for a path the helper must reach itself.
        var reached: (option: String, what: String)? {
            switch self {
            case .read, .endpoint: nil
            case .folder(let option): (option, "a folder")
            case .written(let option): (option, "a file it writes")
            }
        }
    }

    /// The index of its word among the words after the command's path.
    var index: Int
    var prefix: String
    var path: String
    var kind = Kind.read

    /// The argument `spec` declares for the positional at `position` (the last one again when it repeats).
    static func argument(_ position: Int, of spec: CommandSpec) -> CommandSpec.Argument? {
        spec.arguments.indices.contains(position) ? spec.arguments[position] : spec.arguments.last.flatMap { $0.repeats ? $0 : nil }
    }

    /// The values in `words` (the words after the command's path) that `spec` declares as files
    /// (`fileExtensions`, `writes`), folders (an option's value named `DIR`) or addresses (`endpoint`), in order.
    static func values(in words: [String], spec: CommandSpec) -> [HelperFileValue] {
        var found: [HelperFileValue] = [], positional = 0, index = 0
        func take(_ word: String, at index: Int) {
            let argument = Self.argument(positional, of: spec)
            positional += 1
            if let endpoint = argument?.endpoint {
                found.append(HelperFileValue(index: index, prefix: "", path: word, kind: .endpoint(endpoint)))
            } else if argument?.fileExtensions != nil {
                found.append(HelperFileValue(index: index, prefix: "", path: word))
            }
        }
        while index < words.count {
            let word = words[index]
            if word == "--" {
                for rest in (index + 1)..<max(index + 1, words.count) { take(words[rest], at: rest) }
                break
            }
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let isName = word.hasPrefix("-") && word.count > 1 && Double(word) == nil && !parts[0].contains(where: \.isWhitespace)
            if isName, parts.count == 1, spec.flags.contains(where: { $0.name == word }) {
                index += 1
                continue
            }
            if isName, let option = spec.options.first(where: { $0.name == parts[0] }) {
                let (valueIndex, prefix) = parts.count == 2 ? (index, parts[0] + "=") : (index + 1, "")
                guard valueIndex < words.count else { break }
                let path = parts.count == 2 ? parts[1] : words[valueIndex]
                if let endpoint = option.endpoint {
                    found.append(HelperFileValue(index: valueIndex, prefix: prefix, path: path, kind: .endpoint(endpoint)))
                } else if option.writes == true {
                    found.append(HelperFileValue(index: valueIndex, prefix: prefix, path: path, kind: .written(option: option.name)))
                } else if option.fileExtensions != nil {
                    found.append(HelperFileValue(index: valueIndex, prefix: prefix, path: path))
                } else if Completion.path(named: option.value) == .directories {
                    found.append(HelperFileValue(index: valueIndex, prefix: prefix, path: path, kind: .folder(option: option.name)))
                }
                index = valueIndex + 1
                continue
            }
            take(word, at: index)
            index += 1
        }
        return found
    }
}
