import FoundationEssentials
import Glibc

// Stand-ins for the host functions the files compiled here call from files that need most of the host.

// Reached: HelperFileGrants resolves the path a helper asks for, and the file it opened, as
// Core/Host/Loading/PluginDiscovery.swift does (the same call); the audit log's folder is under
// $XDG_STATE_HOME, as Core/Host/Config/DigestRecords.swift has it, and the harness always sets that.

func realPath(_ path: String) -> String? {
    guard let resolved = Glibc.realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

func stateDirectory(_ environment: [String: String]) -> URL {
    URL(fileURLWithPath: environment["XDG_STATE_HOME"] ?? "/nonexistent").appendingPathComponent("strata", isDirectory: true)
}

// Not reached: only the judgement of the files and addresses on a command line the user typed calls
// Completion (``HelperFiles/open``, ``HelperFileValue``), never a reader of what a helper sends, and
// PrivateFolder calls folderProblem (Core/Host/Loading/PluginFailure.swift) only when it can't make the audit's
// folder, which is the fuzzer's own; if the fuzzer reached either, it would stop here.

func folderProblem(_ url: URL) -> String { preconditionFailure("the fuzzer couldn't make \(url.path)") }

enum Completion: Equatable {
    case directories

    static func path(named name: String) -> Completion? { preconditionFailure("the fuzzer reached Completion.path(named: \(name))") }
}
