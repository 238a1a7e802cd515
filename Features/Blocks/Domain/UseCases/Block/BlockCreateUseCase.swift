import FoundationEssentials

/// Validates a draft and saves it as a new block.
public protocol BlockCreateUseCase: Sendable {
    /// - Throws: `BlocksError.emptyTitle`, `.missingBlockLength`, `.unsupportedBlockLength`, or the
    ///   repository's error.
    func execute(_ draft: BlockDraft) throws -> Block
}

public struct DefaultBlockCreateUseCase: BlockCreateUseCase {
    private let repository: any BlockRepository
    private let clock: any BlocksClock

    public init(repository: any BlockRepository, clock: any BlocksClock) {
        self.repository = repository
        self.clock = clock
    }

    public func execute(_ draft: BlockDraft) throws -> Block {
        let block = Block(title: try BlocksValidation.title(draft.title),
                          length: try BlocksValidation.blockLength(hours: draft.hours),
                          createdAt: clock.now())
        try repository.create(block)
        return block
    }
}
