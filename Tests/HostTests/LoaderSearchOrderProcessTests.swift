import Foundation
import Testing

/// The dynamic loader looks every symbol up in the objects of strata's search order until one defines it.
/// SQLite and libstdc++ bind thousands of references to themselves as they load; strata names them first in
/// its `NEEDED` list, so those lookups end at the second or third object instead of after 20-odd.
@Suite struct LoaderSearchOrderProcessTests {
    /// The libraries `strata` needs, in the order `readelf -d` lists them (the loader's search order).
    func needed(_ path: String) throws -> [String] {
        let dynamic = try run("/usr/bin/readelf", ["-d", path])
        #expect(dynamic.status == 0, "\(dynamic.stderr)")
        return dynamic.stdout.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// The dynamic symbols `path` defines.
    func defined(_ path: String) throws -> Set<Substring> {
        let symbols = try run("/usr/bin/nm", ["-D", "--defined-only", path])
        return Set(symbols.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last?.split(separator: "@").first })
    }

    @Test func sqliteAndLibstdcxxComeFirstInStrataSearchOrder() throws {
        let order = try needed(BuildProducts.strata)
        #expect(Array(order.prefix(2)) == ["libsqlite3.so.0", "libstdc++.so.6"], "\(order)")
        #expect(order.contains("libswiftCore.so") && order.contains("libStrataBase.so"), "the rest is still there: \(order)")
    }

    /// Moving a library earlier in the search order changes which definition a symbol binds to only where two
    /// objects define it: none of the objects strata loads at start defines a symbol SQLite or libstdc++ does.
    @Test func noOtherObjectStrataLoadsDefinesTheirSymbols() throws {
        let ldd = try run("/usr/bin/ldd", [BuildProducts.strata])
        let paths = ldd.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let arrow = line.range(of: "=> ") else { return nil }
            return line[arrow.upperBound...].split(separator: " ").first.map(String.init)
        }
        let first = paths.filter { $0.contains("libsqlite3.so") || $0.contains("libstdc++.so") }
        #expect(first.count == 2, "\(ldd.stdout)")
        let theirs = try first.reduce(into: Set<Substring>()) { $0.formUnion(try defined($1)) }
        #expect(theirs.count > 1000, "their symbols were read")
        for path in paths.filter({ !first.contains($0) }) + [BuildProducts.strata] {
            #expect(try defined(path).isDisjoint(with: theirs), "\(path) defines one of their symbols")
        }
    }
}
