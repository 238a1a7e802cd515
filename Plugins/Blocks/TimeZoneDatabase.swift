#if canImport(Glibc)
import Glibc
#endif

/// The system's time zones, opened the first time a command needs a calendar.
///
/// FoundationEssentials alone knows only GMT: zones by name and the system's own zone come with ICU, in
/// FoundationInternationalization, which FoundationEssentials finds through Swift's dynamic replacement once
/// that library is in the process. Linked from the start, ICU's 30 MB would be mapped and relocated by every
/// Blocks command; `blocks list` took 2.1× the Foundation hello world with it and 1.4× without
/// (Benchmarks/RESULTS.md). So the plugin links FoundationEssentials only and opens the zone database here,
/// before its first `TimeZone`, for the clock and the schedules that need wall-clock times.
enum TimeZoneDatabase {
    static let library = "libFoundationInternationalization.so"

    /// Opens FoundationInternationalization (once; later calls find it open).
    /// - Throws: `BlocksSettingsError.timeZonesUnavailable` when the Swift runtime's library can't be opened.
    static func open() throws(BlocksSettingsError) {
        // RTLD_NOW: a missing symbol is reported here, not as a crash later; RTLD_GLOBAL: the Swift
        // runtime registers its replacements for FoundationEssentials as the image loads.
        guard dlopen(library, RTLD_NOW | RTLD_GLOBAL) != nil else {
            throw .timeZonesUnavailable(dlerror().map { String(cString: $0) } ?? library)
        }
    }
}
