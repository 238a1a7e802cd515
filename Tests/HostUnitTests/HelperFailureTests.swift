import Glibc
import Testing
@testable import StrataHost

/// The one line a helper's death gets names the limit it hit, whichever way the limit showed.
@Suite struct HelperFailureTests {
    let limits = IsolationSettings.Limits(memoryMegabytes: 512, openFiles: 256, cpuSeconds: 300)

    /// Found by hand with small memory limits: the dynamic loader failing to map a library made the helper
    /// exit 127 ("failed to map segment from shared object"), or it crashed with SIGSEGV after the allocator
    /// said so; both were told as a plain exit or crash.
    @Test func aHelperOutOfAddressSpaceNamesTheMemoryLimit() {
        let exited127 = 127 << 8
        let loader = "strata: error while loading shared libraries: libFoundationEssentials.so: failed to map segment from shared object"
        #expect(HelperFailure.reason(status: Int32(exited127), lastWords: loader, limits: limits) == "was killed: memory limit 512 MiB")
        let allocator = "fatal error: Cannot allocate memory\n#0 0x0000 in swift_slowAlloc"
        #expect(HelperFailure.reason(status: SIGSEGV, lastWords: allocator, limits: limits) == "was killed: memory limit 512 MiB")
        #expect(HelperFailure.reason(status: SIGSEGV, lastWords: "Fatal error: Index out of range", limits: limits)
                == "crashed (SIGSEGV (11)): Fatal error: Index out of range", "a crash that isn't memory stays a crash")
        #expect(HelperFailure.reason(status: Int32(3 << 8), lastWords: "", limits: limits) == "exited with status 3 before the command finished")
    }

    /// A trap says its message, not the last frame of the stack trace the runtime prints after it (before,
    /// `plugins check` showed "crashed (SIGILL (4)): 24 libc.so.6 0x… __clone + 64"); other words the helper
    /// wrote are told up to the trace.
    @Test func aTrapIsToldByItsMessageNotItsStackTrace() {
        let trap = """
            FixtureTrapsAtLoad/TrapsAtLoad.swift:6: Fatal error: fixture traps on purpose
            Current stack trace:
            0    libswiftCore.so                    0x00007fb0d3f5f130 swift_reportError + 33
            24   libc.so.6                          0x00007f9c71591b10 __clone + 64
            """
        #expect(HelperFailure.reason(status: SIGILL, lastWords: trap, limits: limits) == "crashed (SIGILL (4)): Fatal error: fixture traps on purpose")
        let said = "opening the catalog\ngave up: no catalog\nCurrent stack trace:\n0    libswiftCore.so  0x1 swift_reportError + 33"
        #expect(HelperFailure.reason(status: SIGSEGV, lastWords: said, limits: limits) == "crashed (SIGSEGV (11)): gave up: no catalog")
    }
}
