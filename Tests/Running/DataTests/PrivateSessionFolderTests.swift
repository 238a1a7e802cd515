import Foundation
import Glibc
import Testing
import RunningDomain
import RunningTesting
import StrataStorage
@testable import RunningData

/// Same-machine sessions live in a folder that is the user's own: another user can neither block the
/// hosting (a folder or file of theirs in the way) nor redirect it (a link to a file of their choice).
struct PrivateSessionFolderTests {
    private let parent = FileManager.default.temporaryDirectory.appendingPathComponent("private-sessions-\(UUID().uuidString)")
    private var folder: URL { parent.appendingPathComponent("sessions") }
    private let id = SessionID("RACE42")!

    private func host(in folder: URL) async throws {
        let sessions = SQLiteLiveSessionRepository(directory: folder, opener: SQLiteDatabaseOpener(), clock: ManualRunClock(),
                                                   timing: .init(inviteTimeoutSeconds: 0))
        _ = try await sessions.host(RunningSetting(mode: .race, targetDistanceKm: 3, myNickname: "ana"), id: id) {}
    }

    private func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func aNewFolderAndSessionFileAreForThisUserAlone() async throws {
        defer { try? FileManager.default.removeItem(at: parent) }
        await #expect(throws: LiveSessionError.inviteTimedOut(id: "RACE42", seconds: 0)) { try await host(in: folder) }
        #expect(try mode(folder) == 0o700)
        #expect(try mode(folder.appendingPathComponent("running-RACE42.sqlite")) & 0o077 == 0)
    }

    @Test func aFolderOfAnotherUserIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chown(folder.path, geteuid() == 65534 ? 65533 : 65534, getegid()) == 0)
        await #expect(throws: LiveSessionError.folderNotPrivate(path: folder.path, reason: .ownedByAnotherUser)) { try await host(in: folder) }
        await #expect(throws: LiveSessionError.folderNotPrivate(path: folder.path, reason: .ownedByAnotherUser)) {
            _ = try await SQLiteLiveSessionRepository(directory: folder, opener: SQLiteDatabaseOpener(), clock: ManualRunClock())
                .join(id, nickname: "kim")
        }
    }

    @Test func aFolderOthersCanWriteIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chmod(folder.path, 0o777) == 0)
        await #expect(throws: LiveSessionError.folderNotPrivate(path: folder.path, reason: .writableByOthers)) { try await host(in: folder) }
    }

    @Test func aLinkInPlaceOfTheFolderIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: parent) }
        let elsewhere = parent.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
        await #expect(throws: LiveSessionError.folderNotPrivate(path: folder.path, reason: .notAFolder)) { try await host(in: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    /// A link named as the session file never gets the session written through it.
    @Test func aLinkInPlaceOfTheSessionFileIsNotFollowed() async throws {
        defer { try? FileManager.default.removeItem(at: parent) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = parent.appendingPathComponent("victim.txt")
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("running-RACE42.sqlite"), withDestinationURL: target)
        await #expect(throws: LiveSessionError.alreadyExists(id: "RACE42", path: folder.appendingPathComponent("running-RACE42.sqlite").path)) {
            try await host(in: folder)
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }
}
