import Foundation
import GptData
import StrataNetworking
import Testing

struct OpenAIAuthorizationTests {
    func authorization(_ baseURL: String, variable: String = "OPENAI_API_KEY", environment: [String: String]) -> OpenAIAuthorization {
        OpenAIAuthorization(baseURL: URL(string: baseURL)!, apiKeyEnvironment: variable, environment: environment)
    }

    @Test func readsTheKeyFromTheVariableNamedInTheSettings() {
        let read = authorization("https://api.openai.com/v1", variable: "TEAM_API_KEY", environment: ["OPENAI_API_KEY": "sk-wrong", "TEAM_API_KEY": " sk-team \n"])
        #expect(read == .bearer("sk-team"))
        #expect(!read.description.contains("sk-team"))
    }

    @Test func aRemoteServerWithoutAKeyIsMissingTheVariable() {
        #expect(authorization("https://api.openai.com/v1", environment: ["OPENAI_API_KEY": ""])
                == .missing(variable: "OPENAI_API_KEY"))
    }

    @Test func aLoopbackServerNeedsNoKey() {
        for url in ["http://127.0.0.1:8080/v1", "http://localhost:11434/v1", "http://[::1]:8000/v1", "http://127.1.2.3/v1"] {
            #expect(authorization(url, environment: [:]) == OpenAIAuthorization.none, "\(url)")
        }
        for url in ["http://192.168.0.10:8080/v1", "http://127.0.0.1.example.com/v1", "https://localhost.evil.com/v1"] {
            #expect(!HTTPURL.isLoopback(url), "\(url)")
        }
    }

    @Test func aKeyGoesOverHTTPSToAnyConfiguredHostButOverPlainHTTPOnlyToThisMachine() {
        let key = ["OPENAI_API_KEY": "sk-team"]
        #expect(authorization("https://llm.example.com/v1", environment: key) == .bearer("sk-team"))
        #expect(authorization("http://127.0.0.1:8080/v1", environment: key) == .bearer("sk-team"))
        let remote = authorization("http://llm.example.com/v1", environment: key)
        #expect(remote == .refused(variable: "OPENAI_API_KEY"))
        let refusal = remote.refusal(baseURL: "http://llm.example.com/v1")
        #expect(refusal == .keyOverPlainHTTP(variable: "OPENAI_API_KEY", baseURL: "http://llm.example.com/v1"))
        #expect(!String(describing: refusal).contains("sk-team"))
        #expect(!remote.description.contains("sk-team"))
    }
}
