import Foundation
import StrataBase
import Testing
@testable import StrataHost

/// Which names hold secrets, and the credentials of URLs, as `config check` redacts them.
@Suite struct SecretsTests {
    /// Issue #30 item 21: `config check` printed `pwd`, `jwt` and an `api_key=` inside a URL in clear.
    @Test func pwdJwtAndTheUsualNamesAreSecret() {
        for name in ["pwd", "dbPwd", "jwt", "JWT_SIGNED", "password", "api_key", "apiKey", "X-Api-Key", "access_token", "sig", "passwd"] {
            #expect(Secrets.isSecretName(name), "\(name)")
        }
        for name in ["apiKeyEnvironment", "SSH_AUTH_SOCK", "baseURL", "page", "language"] {
            #expect(!Secrets.isSecretName(name), "\(name)")
        }
    }

    /// ASCII names are split by their bytes, any other by its Characters: both ways cut the same words.
    @Test func namesAreCutIntoTheSameWordsWhetherASCIIOrNot() {
        let cuts: [(String, [String])] = [
            ("openaiKey", ["openai", "key"]), ("X-Api-Key", ["x", "api", "key"]), ("GITHUB_TOKEN", ["github", "token"]),
            ("XMLToken", ["xml", "token"]), ("db2Pwd", ["db2", "pwd"]), ("a__b", ["a", "b"]), ("", []),
            ("cléAPI_Tôken", ["clé", "api", "tôken"]), ("ÉTÉToken", ["été", "token"]), ("x²Key", ["x²", "key"]),
        ]
        for (name, words) in cuts { #expect(Secrets.words(name) == words, "\(name)") }
    }

    @Test func theShellsFoldersAreNotSecretVariables() {
        #expect(!Secrets.isSecretVariable("PWD") && !Secrets.isSecretVariable("OLDPWD"))
        #expect(Secrets.isSecretVariable("OPENAI_API_KEY") && Secrets.isSecretVariable("DB_PWD"))
    }

    @Test func aURLsUserinfoAndSecretQueryValuesAreRedacted() {
        let text = "https://me:hunter2@db.example/x?page=2&api_key=abc123&Token=t0k#frag and http://h/?q=1&sig=zz;jwt=e.y.j"
        #expect(Secrets.redactingURLCredentials(text)
            == "https://••••@db.example/x?page=2&api_key=••••&Token=••••#frag and http://h/?q=1&sig=••••;jwt=••••")
        #expect(Secrets.urlCredentials(in: text) == ["me:hunter2", "hunter2", "abc123", "t0k", "zz", "e.y.j"])
        #expect(Secrets.redactingURLCredentials("https://h/p?api%5Fkey=v1&empty=&token=") == "https://h/p?api%5Fkey=••••&empty=&token=")
    }

    @Test func aConfigsSecretsAreRedactedWhereverTheyStand() {
        let settings = JSONValue.object([
            "pwd": .string("pa55-word"), "jwt": .string("eyJ.x.y"), "page": .number(2),
            "baseURL": .string("https://api.example/v1?api_key=k-123&lang=en"),
        ])
        #expect(Secrets.redacting(settings) == .object([
            "pwd": .string("••••"), "jwt": .string("••••"), "page": .number(2),
            "baseURL": .string("https://api.example/v1?api_key=••••&lang=en"),
        ]))
    }
}
