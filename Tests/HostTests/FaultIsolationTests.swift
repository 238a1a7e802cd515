import Foundation
import Testing

/// Each fault fixture fails with its own reason while the healthy plugin loads.
@Suite struct FaultIsolationTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
        for (fixture, name) in [("Healthy", "Healthy"), ("ThrowsAtRegistration", "Throws"), ("WrongABI", "Wrongabi"),
                                ("NoEntry", "Noentry"), ("DuplicateRegistration", "Duplicate"),
                                ("CycleA", "Cyclea"), ("CycleB", "Cycleb"),
                                ("TrapsAtLoad", "Traps")] {
            try sandbox.install(fixture: fixture, as: name)
        }
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255) }).write(to: sandbox.plugins.appendingPathComponent("libRandomPlugin.so"))
        let writable = try sandbox.install(fixture: "Healthy", as: "Writable")
        chmod(writable.path, 0o775)
        // Faults of plugins in strata's own process: each fixture runs there.
        try sandbox.writeConfig(
            #"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("healthy", "throws", "wrongabi", "noentry", "duplicate", "cyclea", "cycleb")), "traps": {"enabled": false, "isolation": "none"}}}"#)
    }

    @Test func faultsKnownFromTheFileAreListedWithoutLoadingAnything() throws {
        let result = try sandbox.strata(["plugins", "list", "--json"])
        #expect(result.status == 0)
        let rows = try decodeRows(result.stdout)
        #expect(rows["random"]?.state == "failed")
        #expect(rows["random"]?.error?.contains("not a plugin library") == true, "\(rows["random"]?.error ?? "no error")")
        #expect(rows["writable"]?.state == "failed")
        #expect(rows["writable"]?.error?.contains("is writable by group or others") == true)
        #expect(rows["writable"]?.error?.contains("chmod go-w") == true)
        #expect(rows["traps"]?.state == "disabled")
        for id in ["healthy", "throws", "wrongabi", "noentry", "duplicate", "cyclea", "cycleb"] {
            #expect(rows[id]?.state == "enabled", "\(id): its descriptor is sound; its code has not run")
        }
        #expect(rows.values.allSatisfy { $0.mapped == false })
    }

    @Test func everyFaultHasItsOwnReasonAndTheHealthyPluginLoads() throws {
        let result = try sandbox.strata(["plugins", "check", "--json"])
        #expect(result.status == 1)
        let rows = try decodeRows(result.stdout)
        #expect(rows["healthy"]?.state == "loaded")
        let expectations: [String: String] = [
            "throws": "registration failed: the fixture refuses to register",
            "wrongabi": "built by Swift 0.0; this strata was built by Swift",
            "noentry": "no entry point `strata_plugin_entry`",
            "random": "not a plugin library",
            "duplicate": "it is owned by plugin 'healthy'",
            "cyclea": "dependency cycle: cyclea → cycleb → cyclea",
            "cycleb": "dependency cycle: cycleb → cyclea → cycleb",
            "writable": "is writable by group or others",
        ]
        for (id, reason) in expectations {
            #expect(rows[id]?.state == "failed", "\(id) should fail")
            #expect(rows[id]?.error?.contains(reason) == true, "\(id): \(rows[id]?.error ?? "no error")")
        }
        #expect(rows["traps"]?.state == "disabled")
    }

    @Test func registrationsOfAFailedPluginAreRolledBack() throws {
        let result = try sandbox.strata(["di", "list", "--private", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"greeting\""))
        #expect(!result.stdout.contains("half-registered"), "the throwing plugin's registration must be removed")
        #expect(!result.stdout.contains("\"cyclea\""), "a plugin caught in a cycle registers nothing")
    }

    /// One of the cycle's two plugins alone: what it depends on is not installed, and only it fails.
    @Test func aMissingDependencyFailsOnlyThePluginThatNeedsIt() throws {
        let alone = try Sandbox()
        try alone.install(fixture: "Healthy", as: "Healthy")
        try alone.install(fixture: "CycleA", as: "Cyclea")
        try alone.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("healthy", "cyclea"))}}"#)
        let rows = try decodeRows(try alone.strata(["plugins", "check", "--json"]).stdout)
        #expect(rows["cyclea"]?.state == "failed")
        #expect(rows["cyclea"]?.error?.contains("depends on 'cycleb', which is not installed") == true, "\(rows["cyclea"]?.error ?? "no error")")
        #expect(rows["healthy"]?.state == "loaded")
        let registered = try alone.strata(["di", "list", "--private", "--json"])
        #expect(registered.status == 0 && !registered.stdout.contains("\"cyclea\""))
    }

    @Test func healthyPluginCommandRunsDespiteTheOthers() throws {
        let result = try sandbox.strata(["healthy", "ping"])
        #expect(result.status == 0)
        #expect(result.stdout == "pong (hello from healthy)\n")
    }

    @Test func pluginsCheckSurvivesATrappingPlugin() throws {
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("healthy", "throws", "wrongabi", "noentry", "duplicate", "cyclea", "cycleb", "traps"))}}"#)
        let result = try sandbox.strata(["plugins", "check", "--json"])
        #expect(!result.signalled)
        #expect(result.status == 1, "a failed or crashed plugin makes the check fail")
        let rows = try decodeRows(result.stdout)
        #expect(rows["traps"]?.state == "crashed")
        #expect(rows["traps"]?.error?.contains("SIGILL") == true || rows["traps"]?.error?.contains("SIGTRAP") == true)
        #expect(rows["healthy"]?.state == "loaded")
        #expect(rows["throws"]?.state == "failed")
    }
}
