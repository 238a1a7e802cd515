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
}
