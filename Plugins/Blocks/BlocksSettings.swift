import FoundationEssentials
import StrataPluginKit

/// `features.blocks.settings`: the type and its defaults are generated from `plugin.json`; here is what
/// they mean.
extension BlocksSettings {
    /// The rule `plugin.json` can't state: the database is a file of the plugin's data folder, so its name has
    /// no folders (`../x.sqlite` wrote beside the data folder; `""` named the folder itself).
    func ruleProblem() -> (setting: PartialKeyPath<Self>, problem: String)? {
        if databaseFile.isEmpty || databaseFile.contains("/") { return (\.databaseFile, "must be a file name without folders") }
        return nil
    }

    /// The calendar the schedules use, in the configured zone; it opens the zone database first.
    /// - Throws: `BlocksSettingsError` for a zone name the system does not know, or no zone database.
    func calendar() throws(BlocksSettingsError) -> Calendar {
        try TimeZoneDatabase.open()
        var calendar = Calendar(identifier: .gregorian)
        if let timeZone {
            guard let zone = TimeZone(identifier: timeZone) else { throw BlocksSettingsError.unknownTimeZone(timeZone) }
            calendar.timeZone = zone
        } else {
            calendar.timeZone = .current
        }
        return calendar
    }
}

enum BlocksSettingsError: Error, CustomStringConvertible {
    case unknownTimeZone(String)
    case timeZonesUnavailable(String)

    var description: String {
        switch self {
        case .unknownTimeZone(let name):
            "unknown time zone \"\(name)\" in the setting `features.blocks.settings.\(BlocksSettings.key(\.timeZone))`: it takes an IANA zone name "
                + "such as \"Europe/Berlin\" or \"UTC\", or leave it out to use the system's zone."
        case .timeZonesUnavailable(let reason):
            "can't open the time zone database (\(reason)). It comes with the Swift runtime; check that the toolchain's lib/swift/linux folder is intact."
        }
    }
}
