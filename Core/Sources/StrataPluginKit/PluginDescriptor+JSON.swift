import StrataBase

extension PluginDescriptor {
    /// Reads a descriptor from its JSON tree; a missing key or a value of the wrong type throws
    /// ``PluginDescriptorError/wrongTypes(_:_:)`` with its key path (`commands[1].words`).
    init(json: JSONValue) throws(PluginDescriptorError) {
        let fields = try Fields(json, path: "")
        self.init(
            id: try fields.string("id"), displayName: try fields.string("displayName"), version: try fields.string("version"),
            summary: try fields.string("summary"), abi: try fields.optional("abi", String.self) ?? "",
            dependencies: try fields.optional("dependencies", [String: String].self) ?? [:],
            commands: try fields.objects("commands").map { command throws(PluginDescriptorError) in
                Command(
                    words: try command.require("words", [String].self), summary: try command.string("summary"),
                    spec: try command.spec())
            },
            screens: try fields.objects("screens").map { screen throws(PluginDescriptorError) in
                Screen(title: try screen.string("title"), summary: try screen.string("summary"))
            },
            settings: try fields.objects("settings").map { setting throws(PluginDescriptorError) in
                let type = try setting.string("type")
                guard let kind = Setting.Kind(rawValue: type) else {
                    throw .wrongTypes(
                        setting.path("type"),
                        "'\(type)' is not one of "
                            + Setting.Kind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                let formatName = try setting.optional("format", String.self)
                let format = formatName.flatMap(Setting.Format.init(rawValue:))
                if let formatName, format == nil {
                    throw .wrongTypes(
                        setting.path("format"),
                        "'\(formatName)' is not one of "
                            + Setting.Format.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return Setting(
                    key: try setting.string("key"), type: kind, defaultValue: try setting.optional("default", String.self),
                    description: try setting.string("description"),
                    secret: try setting.optional("secret", Bool.self) ?? false,
                    choices: try setting.optional("choices", [String].self),
                    minimum: try setting.optional("minimum", Double.self),
                    maximum: try setting.optional("maximum", Double.self), format: format)
            })
        if let declared = fields.members["capabilities"], declared != .null {
            capabilities = try Capabilities(json: declared, path: "capabilities")
        }
    }
}

/// The members of one JSON object of a descriptor, read with their key paths.
private struct Fields {
    let members: [String: JSONValue]
    let prefix: String

    init(_ value: JSONValue, path: String) throws(PluginDescriptorError) {
        guard case .object(let members) = value else { throw .wrongTypes(path.isEmpty ? "(root)" : path, "expected an object, found \(value.kind)") }
        self.members = members
        prefix = path
    }

    func path(_ key: String) -> String { prefix.isEmpty ? key : "\(prefix).\(key)" }

    func string(_ key: String) throws(PluginDescriptorError) -> String { try require(key, String.self) }

    func require<T: JSONReadable>(_ key: String, _ type: T.Type) throws(PluginDescriptorError) -> T {
        guard let value = try optional(key, type) else { throw .wrongTypes(path(key), "missing") }
        return value
    }

    /// The value, `nil` when the key is absent or null.
    func optional<T: JSONReadable>(_ key: String, _ type: T.Type) throws(PluginDescriptorError) -> T? {
        guard let value = members[key], value != .null else { return nil }
        guard let read = T(json: value) else { throw .wrongTypes(path(key), "expected \(T.jsonKind), found \(value.kind)") }
        return read
    }

    /// The objects of an array member (none when it is absent).
    func objects(_ key: String) throws(PluginDescriptorError) -> [Fields] {
        guard let value = members[key], value != .null else { return [] }
        guard case .array(let items) = value else { throw .wrongTypes(path(key), "expected an array, found \(value.kind)") }
        var objects: [Fields] = []
        for (index, item) in items.enumerated() { objects.append(try Fields(item, path: "\(path(key))[\(index)]")) }
        return objects
    }
}

extension Fields {
    /// A command's arguments, options and flags (`usage` is generated from them, so it may not be written).
    func spec() throws(PluginDescriptorError) -> CommandSpec {
        if members["usage"] != nil {
            throw .wrongTypes(
                path("usage"),
                "the usage line is generated from \"arguments\", \"options\" and \"flags\"; declare those instead (a plugin built with an older Strata SDK: rebuild it)"
            )
        }
        let spec = CommandSpec(
            arguments: try objects("arguments").map { item throws(PluginDescriptorError) in
                var argument = CommandSpec.Argument(
                    try item.string("name"), help: try item.string("help"),
                    optional: try item.optional("optional", Bool.self) ?? false,
                    repeats: try item.optional("repeats", Bool.self) ?? false)
                argument.fileExtensions = try item.optional("fileExtensions", [String].self)
                argument.endpoint = try endpoint(item)
                return argument
            },
            options: try objects("options").map { item throws(PluginDescriptorError) in
                let typeName = try item.optional("type", String.self) ?? "text"
                guard let type = CommandSpec.ValueType(rawValue: typeName) else {
                    throw .wrongTypes(
                        item.path("type"),
                        "'\(typeName)' is not one of "
                            + CommandSpec.ValueType.allCases.map(\.rawValue).joined(separator: ", "))
                }
                var option = CommandSpec.Option(
                    try item.string("name"), value: try item.string("value"), help: try item.string("help"),
                    type: type, choices: try item.optional("choices", [String].self) ?? [],
                    required: try item.optional("required", Bool.self) ?? false,
                    fileExtensions: try item.optional("fileExtensions", [String].self),
                    minimum: try item.optional("minimum", Double.self),
                    maximum: try item.optional("maximum", Double.self))
                option.writes = try item.optional("writes", Bool.self)
                option.endpoint = try endpoint(item)
                return option
            },
            flags: try objects("flags").map { item throws(PluginDescriptorError) in
                CommandSpec.Flag(try item.string("name"), help: try item.string("help"))
            })
        if let problem = spec.problem { throw .wrongTypes(prefix, problem) }
        return spec
    }

    /// An argument's or option's `"endpoint"`: `listen`, `connect`, or absent.
    private func endpoint(_ item: Fields) throws(PluginDescriptorError) -> CommandSpec.Endpoint? {
        guard let text = try item.optional("endpoint", String.self) else { return nil }
        guard let endpoint = CommandSpec.Endpoint(rawValue: text) else {
            throw .wrongTypes(item.path("endpoint"), "'\(text)' is not one of " + CommandSpec.Endpoint.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return endpoint
    }
}

/// The value types a descriptor holds.
private protocol JSONReadable {
    static var jsonKind: String { get }
    init?(json: JSONValue)
}

extension String: JSONReadable {
    static var jsonKind: String { "a string" }
    init?(json: JSONValue) {
        guard case .string(let text) = json else { return nil }
        self = text
    }
}

extension Double: JSONReadable {
    static var jsonKind: String { "a number" }
    init?(json: JSONValue) {
        guard case .number(let number) = json, number.isFinite else { return nil }
        self = number
    }
}

extension Bool: JSONReadable {
    static var jsonKind: String { "true or false" }
    init?(json: JSONValue) {
        guard case .bool(let flag) = json else { return nil }
        self = flag
    }
}

extension Array: JSONReadable where Element == String {
    static var jsonKind: String { "an array of strings" }
    init?(json: JSONValue) {
        guard case .array(let items) = json else { return nil }
        let strings = items.compactMap { String(json: $0) }
        guard strings.count == items.count else { return nil }
        self = strings
    }
}

extension Dictionary: JSONReadable where Key == String, Value == String {
    static var jsonKind: String { "an object of strings" }
    init?(json: JSONValue) {
        guard case .object(let members) = json else { return nil }
        let strings = members.compactMapValues { String(json: $0) }
        guard strings.count == members.count else { return nil }
        self = strings
    }
}
