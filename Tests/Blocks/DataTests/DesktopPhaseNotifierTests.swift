import BlocksData
import Foundation
import Testing
import Synchronization

/// A phase's end reaches the desktop through notify-send only where a desktop session is, and the person's
/// text arrives without control characters or markup.
struct DesktopPhaseNotifierTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)")

    /// A `notify-send` on `PATH` that the test made (it is never run: the launch is recorded).
    func environment(_ extra: [String: String]) throws -> [String: String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tool = folder.appendingPathComponent("notify-send")
        try Data("#!/bin/sh\n".utf8).write(to: tool)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        return ["PATH": folder.path].merging(extra) { $1 }
    }

    func launched(_ environment: [String: String]) -> [[String]] {
        let recorded = Recorded()
        DesktopPhaseNotifier(environment: environment) { recorded.add($0) }
            .phaseEnded(title: "Study <b>\u{1B}[2J", phase: "Break, round 1 of 4")
        return recorded.commands
    }

    @Test func aDesktopSessionGetsANotificationWithCleanText() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let commands = launched(try environment(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "WAYLAND_DISPLAY": "wayland-0"]))
        #expect(commands == [[folder.path + "/notify-send", "--app-name=Strata", "Strata: Study ‹b>", "Break, round 1 of 4"]])
    }

    @Test func withoutADesktopOrNotifySendNothingIsLaunched() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(launched(try environment(["DISPLAY": ":0"])).isEmpty, "no session bus")
        #expect(launched(try environment(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"])).isEmpty, "no display")
        #expect(launched(["PATH": "/nonexistent", "DISPLAY": ":0", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]).isEmpty,
                "no notify-send")
    }
}

private final class Recorded: Sendable {
    private let launched = Mutex<[[String]]>([])
    func add(_ command: [String]) { launched.withLock { $0.append(command) } }
    var commands: [[String]] { launched.withLock { $0 } }
}
