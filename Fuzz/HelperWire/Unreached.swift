// Stand-ins for the two host functions HelperFiles.swift calls (from Core/Host/Loading and Core/Host/Commands,
// whose files need most of the host): only the judgement of the files and addresses on a command line the
// user typed calls them (``HelperFiles/open``, ``HelperFileValue``), never a reader of what a helper sends, so
// the fuzzer never reaches them; if it did, it would stop here.

func realPath(_ path: String) -> String? { preconditionFailure("the fuzzer reached realPath(\(path))") }

enum Completion: Equatable {
    case directories

    static func path(named name: String) -> Completion? { preconditionFailure("the fuzzer reached Completion.path(named: \(name))") }
}
