/// The error body OpenAI-compatible servers send: `{"error": {"message", "type", "param", "code"}}`.
struct OpenAIErrorResponseDTO: Decodable, Sendable {
    struct Detail: Decodable, Sendable {
        let message: String?
        let type: String?
        let code: String?

        enum CodingKeys: String, CodingKey {
            case message, type, code
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            message = try container.decodeIfPresent(String.self, forKey: .message)
            type = try container.decodeIfPresent(String.self, forKey: .type)
            // Some servers send a number here.
            if let text = try? container.decodeIfPresent(String.self, forKey: .code) {
                code = text
            } else if let number = try? container.decodeIfPresent(Int.self, forKey: .code) {
                code = String(number)
            } else {
                code = nil
            }
        }
    }

    let error: Detail
}
