import FoundationEssentials
import StrataBase
import StrataPluginKit

extension PluginAudit {
    /// The smallest `capabilities` that cover what `entries` show the plugin used, refused or not: each host
    /// and port its HTTP requests went to (`127.0.0.1:8080`, that port alone), each variable it was given,
    /// each folder it wrote in itself (the folder of a file it wrote, a folder option's path), to write. What
    /// no capability grants (a file named on its command line or allowed on strata's prompt, a socket to the
    /// address typed) is left out, with a line each in `notes`.
    static func learned(from entries: [Entry]) -> (capabilities: PluginDescriptor.Capabilities, notes: [String]) {
        var network: [String] = [], environment: [String] = [], files: [PluginDescriptor.Capabilities.File] = [], notes: [String] = []
        func note(_ line: String) { if !notes.contains(line) { notes.append(line) } }
        // What strata refused but the block allows (the same run must pass), for the note that says so.
        var refusedAllowed: Set<String> = []
        for entry in entries {
            switch entry.kind {
            case .http:
                guard let host = entry.host, let port = entry.port else { continue }
                let pattern = "\(host):\(port)"
                guard PluginDescriptor.Capabilities(network: [pattern]).problems.isEmpty else {
                    note("Left out \(Sanitizer.sanitize(pattern)): not a host name capabilities can name.")
                    continue
                }
                if !network.contains(pattern) { network.append(pattern) }
                if entry.refused { refusedAllowed.insert(pattern) }
            case .variable:
                if let name = entry.name, !environment.contains(name), PluginDescriptor.Capabilities(environment: [name]).problems.isEmpty {
                    environment.append(name)
                }
            case .file:
                guard let path = entry.path, entry.write == true else {
                    note("Files named on its command line or allowed on strata's prompt cross without a capability: the user's choice is the grant.")
                    continue
                }
                let folder = entry.how == "written" ? URL(fileURLWithPath: path).deletingLastPathComponent().path : path
                if !files.contains(where: { $0.path == folder }) { files.append(.init(path: folder, write: true)) }
                if entry.refused { refusedAllowed.insert(folder) }
            case .socket:
                note("Sockets go to the address typed on its command line (an argument declared with \"endpoint\"), not through capabilities.")
            case .prompt:
                note("Files allowed on strata's prompt cross without a capability: the user's choice is the grant.")
            }
        }
        if !refusedAllowed.isEmpty {
            note(
                "It allows what strata refused this plugin (\(refusedAllowed.sorted().map(Sanitizer.sanitize).joined(separator: ", "))): "
                    + "take out what it shouldn't reach before you paste it.")
        }
        // A folder inside another learned one is covered by it.
        files = files.filter { file in
            !files.contains { $0.path != file.path && file.path.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }
        }
        return (PluginDescriptor.Capabilities(network: network.sorted(), environment: environment.sorted(), files: files), notes)
    }
}
