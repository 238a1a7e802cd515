/// Where personas come from: the bundled ones and those defined in the settings.
public protocol PersonasRepository: Sendable {
    /// Every persona, in display order, ids unique.
    func personas() async throws -> [Persona]
}
