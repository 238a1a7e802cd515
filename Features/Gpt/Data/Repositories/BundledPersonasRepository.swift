import Foundation
import GptDomain

/// The personas shipped in `Resources/personas.json`, followed by those from the settings. A settings
/// persona with a bundled persona's id replaces it in place.
public struct BundledPersonasRepository: PersonasRepository {
    private let bundled: [Persona]
    private let extra: [Persona]

    /// - Parameters:
    ///   - bundled: the shipped personas (`loadBundled()`).
    ///   - extra: personas from the settings.
    public init(bundled: [Persona], extra: [Persona] = []) {
        self.bundled = bundled
        self.extra = extra
    }

    public func personas() async throws -> [Persona] {
        Self.merge(bundled, extra)
    }

    static func merge(_ bundled: [Persona], _ extra: [Persona]) -> [Persona] {
        var result = bundled
        for persona in extra {
            if let index = result.firstIndex(where: { $0.id == persona.id }) {
                result[index] = persona
            } else {
                result.append(persona)
            }
        }
        return result
    }

    /// Reads the shipped personas from the feature's resource folder.
    /// - Parameter folders: where to look first for the `*_GptData.resources` folder (the plugin library's
    ///   folder); the executable's folder is searched after them.
    /// - Throws: `GptResourceError` naming the places searched, or a decoding error naming the key.
    public static func loadBundled(searching folders: [URL] = []) throws -> [Persona] {
        let url = try GptResources.url(of: "personas.json", searching: folders)
        return try JSONDecoder().decode([Persona].self, from: Data(contentsOf: url))
    }
}
