import GptDomain

/// Personas fixed at creation.
public struct StaticPersonasRepository: PersonasRepository {
    public let all: [Persona]

    public init(_ all: [Persona] = [.stub(), .stub(id: "stoic", name: "Marcus")]) {
        self.all = all
    }

    public func personas() async throws -> [Persona] { all }
}
