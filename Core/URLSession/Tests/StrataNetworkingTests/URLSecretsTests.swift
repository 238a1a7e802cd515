import Foundation
import StrataNetworking
import Testing

struct URLSecretsTests {
    @Test func loopbackIsThisMachineOnly() {
        for url in ["http://127.0.0.1:8080/v1", "http://localhost:11434", "http://[::1]:8000", "http://127.1.2.3", "http://api.localhost"] {
            #expect(HTTPURL.isLoopback(url), "\(url)")
        }
        for url in ["http://192.168.0.10:8080", "http://127.0.0.1.example.com", "https://localhost.evil.com", "http://128.0.0.1"] {
            #expect(!HTTPURL.isLoopback(url), "\(url)")
        }
    }

    @Test func aSecretGoesOverHTTPSAnywhereButOverPlainHTTPOnlyToThisMachine() {
        for url in ["https://api.openai.com/v1", "https://llm.example.com", "http://127.0.0.1:8080", "http://[::1]:8000"] {
            #expect(HTTPURL.mayCarrySecret(url), "\(url)")
        }
        for url in ["http://api.openai.com/v1", "http://192.168.0.10:8080", "ftp://127.0.0.1", "ws://localhost"] {
            #expect(!HTTPURL.mayCarrySecret(url), "\(url)")
        }
    }

    @Test func anAPIKeyComesOnlyFromAVariableNamedForOne() {
        for name in ["OPENAI_API_KEY", "TMDB_API_KEY", "HF_TOKEN", "MY_2ND_API_KEY"] {
            #expect(APIKeyVariable.mayHoldKey(name), "\(name)")
        }
        for name in ["AWS_SECRET_ACCESS_KEY", "PGPASSWORD", "_API_KEY", "_TOKEN", "1_API_KEY", "MY API_KEY", "TMDB_API_KEY=abc", "É_TOKEN", ""] {
            #expect(!APIKeyVariable.mayHoldKey(name), "\(name)")
        }
    }
}
