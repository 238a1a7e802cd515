import BlocksDomain
import FoundationEssentials
import Observation

/// Creates or edits one item from the draft a form fills in.
/// - A create refreshes the list, then asks "start now?" (`startPrompt`).
/// - An edit tells the list to refresh and the detail to reflect the saved item, each exactly once, and shows
///   the saved draft (a daily's repeat count may have been lowered to what fits).
/// - A failure tells no one and sets `errorMessage`.
@MainActor @Observable
public final class ItemFormViewModel<Item: BlocksItem> {
    public enum Purpose: Sendable {
        case create(any ItemCreateUseCase<Item>, start: any ModeStartUseCase)
        case edit(id: UUID, any ItemEditUseCase<Item>)
    }

    public var draft: Item.Draft
    public private(set) var errorMessage: String?
    /// Set after a successful create until the question is answered.
    public private(set) var startPrompt: StartPrompt?
    public private(set) var saved: Item?

    @ObservationIgnored private let purpose: Purpose
    @ObservationIgnored private weak var fetchRefreshDelegate: (any FetchRefreshDelegate)?
    @ObservationIgnored private weak var editReflectDelegate: (any EditReflectDelegate<Item>)?

    public init(
        _ purpose: Purpose, draft: Item.Draft, fetchRefreshDelegate: (any FetchRefreshDelegate)?,
        editReflectDelegate: (any EditReflectDelegate<Item>)? = nil
    ) {
        self.purpose = purpose
        self.draft = draft
        self.fetchRefreshDelegate = fetchRefreshDelegate
        self.editReflectDelegate = editReflectDelegate
    }

    public var isNew: Bool {
        if case .create = purpose { return true }
        return false
    }

    /// What Esc asks when the form holds typed changes: "Discard the new block?", "Discard the changes to
    /// this timer?".
    public var discardQuestion: String {
        isNew ? "Discard the new \(Item.kind.rawValue)?" : "Discard the changes to this \(Item.kind.rawValue)?"
    }

    /// Saves the draft; answers the saved item, or `nil` with `errorMessage` set.
    @discardableResult
    public func save() -> Item? {
        do {
            let item =
                switch purpose {
                case .create(let create, _): try create.execute(draft)
                case .edit(let id, let edit): try edit.execute(id: id, draft)
                }
            saved = item
            draft = item.draft
            errorMessage = nil
            if isNew { startPrompt = StartPrompt(kind: Item.kind, itemID: item.id, title: item.title) }
            fetchRefreshDelegate?.refresh()
            editReflectDelegate?.reflect(item)
            return item
        } catch {
            errorMessage = BlocksErrorText.text(error, kind: Item.kind)
            return nil
        }
    }

    /// The person changed what they typed: the message about the last attempt no longer applies.
    public func fieldsChanged() {
        errorMessage = nil
    }

    /// Checks part of the draft before the rest is asked for (a form's first step); answers whether it passed,
    /// with `errorMessage` set when not.
    public func check(_ rule: (Item.Draft) throws -> Void) -> Bool {
        do {
            try rule(draft)
            errorMessage = nil
            return true
        } catch {
            errorMessage = BlocksErrorText.text(error, kind: Item.kind)
            return false
        }
    }

    /// Answers the "start now?" question; starting answers the clock's first state.
    @discardableResult
    public func answerStart(_ start: Bool) -> ClockState? {
        defer { startPrompt = nil }
        guard case .create(_, let startUseCase) = purpose else { return nil }
        do {
            return try startPrompt?.answer(start, using: startUseCase)
        } catch {
            errorMessage = BlocksErrorText.text(error)
            return nil
        }
    }
}
