import BlocksDomain
import FoundationEssentials

/// Finds the item a person named on the command line: by its id, by the start of its id (as `list`
/// shows it; any length, as long as it names one item), or by its exact title, ignoring case.
public enum ItemLookup {
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case noMatch(kind: ModeKind, reference: String)
        case ambiguous(kind: ModeKind, reference: String, ids: [String])

        public var description: String {
            switch self {
            case .noMatch(let kind, let reference):
                "No \(kind.rawValue) matches \"\(reference)\". Give an id from `strata \(CommandGroup.name(kind)) list`."
            case .ambiguous(let kind, let reference, let ids):
                "\"\(reference)\" matches \(ids.count) \(kind.rawValue) items (\(ids.joined(separator: ", "))). Give more of the id."
            }
        }
    }

    public static func find<Item: Identifiable>(
        _ reference: String, in items: [Item], kind: ModeKind,
        title: (Item) -> String
    ) throws(Failure) -> Item
    where Item.ID == UUID {
        // Spaces and tabs, not line breaks, as Foundation's `.whitespaces` trimmed them.
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        let wanted = String(reference.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        if let id = UUID(uuidString: wanted), let item = items.first(where: { $0.id == id }) { return item }
        let byID = wanted.isEmpty ? [] : items.filter { $0.id.uuidString.lowercased().hasPrefix(wanted.lowercased()) }
        let byTitle = items.filter { title($0).lowercased() == wanted.lowercased() }
        // Four characters or more are first the start of an id; fewer, first a (short) title.
        let matches = wanted.count >= 4 ? (byID.isEmpty ? byTitle : byID) : (byTitle.isEmpty ? byID : byTitle)
        guard let first = matches.first else { throw .noMatch(kind: kind, reference: wanted) }
        guard matches.count == 1 else {
            throw .ambiguous(kind: kind, reference: wanted, ids: matches.map { ShortID.text($0.id) })
        }
        return first
    }
}

/// The first eight characters of an id, as lists show it.
public enum ShortID {
    public static func text(_ id: UUID) -> String { String(full(id).prefix(8)) }

    /// The whole id as `show` prints it, in the lowercase of the lists, which show its first 8 digits.
    public static func full(_ id: UUID) -> String { id.uuidString.lowercased() }
}

/// The command group of each kind.
public enum CommandGroup {
    public static func name(_ kind: ModeKind) -> String {
        switch kind {
        case .block: "blocks"
        case .daily: "daily"
        case .timer: "timer"
        }
    }
}
