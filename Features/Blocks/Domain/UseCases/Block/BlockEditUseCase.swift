import FoundationEssentials

/// Validates a draft and replaces the block with that id, keeping its id and creation date.
public protocol BlockEditUseCase: Sendable {
    /// - Throws: the validation errors of `BlockCreateUseCase`, or `BlocksError.notFound`.
    func execute(id: UUID, _ draft: BlockDraft) throws -> Block
}

public struct DefaultBlockEditUseCase: BlockEditUseCase {
    private let repository: any BlockRepository

    public init(repository: any BlockRepository) {
        self.repository = repository
    }

    public func execute(id: UUID, _ draft: BlockDraft) throws -> Block {
        var block = try repository.fetch(id: id)
        block.title = try BlocksValidation.title(draft.title)
        block.length = try BlocksValidation.blockLength(hours: draft.hours)
        try repository.update(block)
        return block
    }
}
