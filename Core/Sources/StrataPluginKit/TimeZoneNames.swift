internal import FoundationEssentials
internal import Glibc

/// Whether a name is a time zone, for a setting declared with `"format": "timeZone"`. FoundationEssentials
/// alone knows only GMT and UTC: ICU's zone database comes with FoundationInternationalization, opened here
/// on the first check (about 30 MB, so only when a zone is set), as Blocks opens it for its clock.
enum TimeZoneNames {
    /// `true` for a zone the database has, `false` for a name it hasn't; `nil` when the database can't be
    /// opened, so that no name is refused unchecked.
    static func isKnown(_ name: String) -> Bool? {
        guard databaseOpened else { return nil }
        return TimeZone(identifier: name) != nil
    }

    // RTLD_GLOBAL: the Swift runtime registers FoundationInternationalization's zones for FoundationEssentials
    // as the image loads.
    private static let databaseOpened = dlopen("libFoundationInternationalization.so", RTLD_NOW | RTLD_GLOBAL) != nil
}
