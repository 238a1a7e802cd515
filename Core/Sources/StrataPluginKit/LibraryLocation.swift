import Foundation

/// Where a loaded library lives on disk, for a plugin that needs files shipped beside it (resource
/// bundles) or its own file name.
public enum LibraryLocation {
    /// The path of the loaded image that contains `address`: pass `#dsohandle` from inside the plugin.
    /// Read from `/proc/self/maps`; `nil` if no mapped file contains the address.
    public static func path(containing address: UnsafeRawPointer) -> String? {
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? file.close() }
        let target = UInt(bitPattern: address)
        // procfs reports a size of 0, so read to the end rather than trusting the size.
        for line in String(decoding: file.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].hasPrefix("/") else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if bounds.count == 2, bounds[0] <= target, target < bounds[1] {
                return String(fields[5]).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The folder of the loaded image that contains `address` (pass `#dsohandle`).
    public static func directory(containing address: UnsafeRawPointer) -> URL? {
        path(containing: address).map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    }
}
