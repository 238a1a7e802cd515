import Foundation

/// Where a loaded library lives on disk, for a plugin that needs files shipped beside it (resource
/// bundles) or its own file name.
public enum LibraryLocation {
    /// The path of the loaded image that contains `address`: pass `#dsohandle` from inside the plugin.
    /// Read from `/proc/self/maps`; `nil` if no mapped file contains the address.
    public static func path(containing address: UnsafeRawPointer) -> String? {
        let target = UInt(bitPattern: address)
        for mapping in mappings() where mapping.start <= target && target < mapping.end {
            return mapping.path
        }
        return nil
    }

    /// Every file mapped into this process (from `/proc/self/maps`), e.g. to tell which libraries are loaded.
    public static func mappedPaths() -> Set<String> { Set(mappings().map(\.path)) }

    /// The file-backed mappings of this process. procfs reports a size of 0, so the file is read to its end
    /// rather than by its size.
    private static func mappings() -> [(start: UInt, end: UInt, path: String)] {
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return [] }
        defer { try? file.close() }
        return String(decoding: file.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            // The path is the sixth field, after a run of spaces that the split leaves in front of it.
            guard fields.count == 6 else { return nil }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            guard path.hasPrefix("/"), bounds.count == 2 else { return nil }
            return (bounds[0], bounds[1], path)
        }
    }

    /// The folder of the loaded image that contains `address` (pass `#dsohandle`).
    public static func directory(containing address: UnsafeRawPointer) -> URL? {
        path(containing: address).map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    }
}
