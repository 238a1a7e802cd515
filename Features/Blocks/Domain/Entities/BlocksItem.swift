import FoundationEssentials

/// What Tempus's three kinds of saved item (blocks, daily schedules and timers) have in common: each is
/// made from a draft a person typed, edited with the same draft, listed newest first and started by the clock.
/// One repository, one set of use cases and one flow serve all three.
public protocol BlocksItem: Sendable, Hashable, Identifiable, Codable where ID == UUID {
    /// What a person types to create or edit an item of this kind.
    associatedtype Draft: Sendable, Hashable

    static var kind: ModeKind { get }
    var title: String { get }
    var createdAt: Date { get }
    /// The draft that saves this item unchanged; an edit starts from it.
    var draft: Draft { get }

    /// An item with the draft's fields, by Tempus's rules. `editing` is true when the draft changes a saved
    /// item, whose id and creation date are kept (a daily's repeat count is then lowered to what fits).
    /// - Throws: why the draft can't be saved.
    init(id: UUID, createdAt: Date, validating draft: Draft, editing: Bool) throws(BlocksError)
}
