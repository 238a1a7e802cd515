import StrataBase
import Testing

/// Key-like words in a server's message are hidden; ordinary words, numbers and ids are not.
@Suite struct KeyLikeTextTests {
    /// Issue #30 item 21: OpenAI echoes part of a wrong key.
    @Test func aKeyTheServerEchoesInPartIsHidden() {
        #expect(KeyLikeText.redacting("Incorrect API key provided: sk-abc***xyz. You can find your API key at https://platform.openai.com/account/api-keys.")
            == "Incorrect API key provided: ••••. You can find your API key at https://platform.openai.com/account/api-keys.")
        #expect(KeyLikeText.redacting("Incorrect API key provided: not-a-re**************************ized.")
            == "Incorrect API key provided: ••••.")
    }

    @Test func wellKnownKeyShapesAreHidden() {
        #expect(KeyLikeText.redacting("key sk-proj-Ab12Cd34Ef56 rejected") == "key •••• rejected")
        #expect(KeyLikeText.redacting("token ghp_16C7e42F292c6912E7710c838347Ae178B4a, retry") == "token ••••, retry")
        #expect(KeyLikeText.redacting("Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl") == "Bearer ••••")
        #expect(KeyLikeText.redacting("api_key=0123456789abcdef0123456789abcdef is invalid") == "api_key=•••• is invalid")
    }

    @Test func ordinaryWordsNumbersAndIdsStay() {
        for text in ["Rate limit reached for gpt-4o-mini in organization org-pR2Z3LP86Rl3jvVG0S9Kv3IT on requests per day.",
                     "request 123e4567-e89b-12d3-a456-426614174000 failed at 2026-03-10T00:00:00Z",
                     "Completion comp_nonexistent_12345 not found", "The model `gpt-4o-2024-08-06` does not exist",
                     "**Note**: internationalization", "Please try again in 8.64s."] {
            #expect(KeyLikeText.redacting(text) == text)
        }
    }
}
