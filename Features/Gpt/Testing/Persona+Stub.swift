import GptDomain

extension Persona {
    /// A persona for tests.
    public static func stub(
        id: String = "lucky", name: String = "Lucky Vicky", nickname: String = "the lucky optimist",
        introduction: String = "Every trouble hides some luck.",
        systemPrompt: String = "Turn the trouble into good luck."
    ) -> Persona {
        Persona(id: id, name: name, nickname: nickname, introduction: introduction, systemPrompt: systemPrompt)
    }
}

extension Reply {
    /// A reply for tests.
    public static func stub(personaID: String = "lucky", text: String = "What luck!", isTruncated: Bool = false) -> Reply {
        Reply(personaID: personaID, text: text, isTruncated: isTruncated)
    }
}
