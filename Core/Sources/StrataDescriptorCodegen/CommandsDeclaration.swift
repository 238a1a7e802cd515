import FoundationEssentials
import StrataBase
import StrataPluginKit

/// `commands.json`: the commands of a target that is not a plugin (strata's own), declared as a plugin
/// declares its commands, `{"commands": [...]}` in the schema of `plugin.json`'s `"commands"` array. The
/// build tool makes only their typed Swift from it (``TypedSource/swift(forCommands:)``): no descriptor
/// section, no ABI stamp.
public enum CommandsDeclaration {
    /// The commands `json` declares, read and checked by the same reader and rules as a `plugin.json`'s.
    /// - Throws: `PluginDescriptorError` with the key path (`commands[1].words`) or the rule it breaks.
    public static func decode(_ json: [UInt8]) throws(PluginDescriptorError) -> [PluginDescriptor.Command] {
        let document: JSONValue
        do {
            document = try JSONValue.parse(json).value
        } catch {
            throw .invalidJSON(error.description)
        }
        guard case .object(let members) = document else { throw .wrongTypes("(root)", "expected an object, found \(document.kind)") }
        // Read as the descriptor of a plugin that declares nothing but these commands.
        let descriptor = JSONValue.object([
            "id": .string("commands"), "displayName": .string("commands"), "version": .string("1.0.0"),
            "summary": .string(""), "commands": members["commands"] ?? .array([]),
        ])
        let bytes: Data
        do {
            bytes = try JSONEncoder().encode(descriptor)
        } catch {
            throw .invalidJSON("\(error)")
        }
        return try PluginDescriptorSection.decodeJSON(Array(bytes)).commands
    }
}
