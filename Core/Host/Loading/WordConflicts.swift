/// Command words claimed by two plugins: the same command, or one a prefix of the other's. Checked in full
/// when a folder's catalog is built (``CatalogFile/wordsAgree``), and in a run only where plugins of
/// different folders share a first word.
enum WordConflicts {
    /// A plugin claiming words: its file and its commands' words.
    struct Claimant {
        let path: String
        let commandPaths: [[String]]
    }

    /// For each claimant that clashes with another (by index), the reasons, naming both files, in order.
    static func reasons(_ claimants: [Claimant]) -> [Int: [String]] {
        // Each command's prefixes are looked up among all claimed paths (a descriptor's limit bounds the
        // words), so this is linear in commands rather than comparing every pair.
        var claimed: [[String]: [Int]] = [:]
        var paths: [(claimant: Int, words: [String])] = []
        for (index, claimant) in claimants.enumerated() {
            for words in claimant.commandPaths { paths.append((index, words)) }
        }
        for path in paths { claimed[path.words, default: []].append(path.claimant) }
        var clashes: [(first: Int, second: Int, reason: String)] = []
        func clash(_ earlier: (claimant: Int, words: [String]), _ later: (claimant: Int, words: [String])) {
            let reason =
                "command '\(earlier.words.joined(separator: " "))' of \(claimants[earlier.claimant].path) and '\(later.words.joined(separator: " "))' of \(claimants[later.claimant].path) claim the same words; remove one of the libraries or rename its commands"
            clashes.append((earlier.claimant, later.claimant, reason))
        }
        // Each pair once: from the longer path (or, for equal paths, from the later claimant) to the other.
        for path in paths {
            for length in stride(from: 1, through: path.words.count, by: 1) {
                let prefix = Array(path.words.prefix(length))
                for other in claimed[prefix] ?? [] where other != path.claimant && (length < path.words.count || other < path.claimant) {
                    if other < path.claimant { clash((other, prefix), path) } else { clash(path, (other, prefix)) }
                }
            }
        }
        var reasons: [Int: [String]] = [:]
        for clash in clashes.sorted(by: { ($0.first, $0.second) < ($1.first, $1.second) }) {
            reasons[clash.first, default: []].append(clash.reason)
            reasons[clash.second, default: []].append(clash.reason)
        }
        return reasons
    }
}
