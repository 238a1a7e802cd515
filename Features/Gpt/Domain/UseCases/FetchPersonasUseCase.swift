/// Lists the personas a user can choose from.
public protocol FetchPersonasUseCase: Sendable {
    func execute() async throws(GptError) -> [Persona]
}

public struct DefaultFetchPersonasUseCase: FetchPersonasUseCase {
    private let repository: any PersonasRepository

    public init(repository: any PersonasRepository) {
        self.repository = repository
    }

    public func execute() async throws(GptError) -> [Persona] {
        do {
            return try await repository.personas()
        } catch {
            throw .personasUnavailable(String(describing: error))
        }
    }
}
