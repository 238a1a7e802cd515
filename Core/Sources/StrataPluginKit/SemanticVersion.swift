/// A `MAJOR.MINOR.PATCH` version, compared numerically (a pre-release or build suffix is not accepted).
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The three numbers.
    public let major: Int, minor: Int, patch: Int

    /// Parses `1.2.3`; `nil` for anything else.
    public init?(_ text: String) {
        var numbers: [Int] = []
        var current: Int?
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (tens, overflow) = (current ?? 0).multipliedReportingOverflow(by: 10)
                let (value, overflowAgain) = tens.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflow, !overflowAgain else { return nil }
                current = value
            case UInt8(ascii: "."):
                guard let number = current, numbers.count < 2 else { return nil }
                numbers.append(number)
                current = nil
            default:
                return nil
            }
        }
        guard let patch = current, numbers.count == 2 else { return nil }
        major = numbers[0]
        minor = numbers[1]
        self.patch = patch
    }

    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// `1.2.3`.
    public var description: String { "\(major).\(minor).\(patch)" }
}

/// A set of versions written as comparators that must all hold, separated by spaces:
/// `>=1.0.0 <2.0.0`, `=1.4.2`, `>1.0.0`, or a bare version meaning exactly it.
public struct VersionRange: Sendable, Hashable, CustomStringConvertible {
    private enum Operator: String, CaseIterable {
        // Longest first, so `>=` is not read as `>`.
        case atLeast = ">=", atMost = "<=", greater = ">", less = "<", exactly = "="
    }

    private let comparators: [(Operator, SemanticVersion)]
    /// The range as written.
    public let description: String

    /// Parses a range; `nil` if any comparator doesn't parse or there is none.
    public init?(_ text: String) {
        var comparators: [(Operator, SemanticVersion)] = []
        for word in text.split(separator: " ") {
            let op = Operator.allCases.first { word.hasPrefix($0.rawValue) }
            guard let version = SemanticVersion(String(word.dropFirst(op?.rawValue.count ?? 0))) else { return nil }
            comparators.append((op ?? .exactly, version))
        }
        guard !comparators.isEmpty else { return nil }
        self.comparators = comparators
        description = text
    }

    /// Whether `version` is in the range.
    public func contains(_ version: SemanticVersion) -> Bool {
        comparators.allSatisfy { op, bound in
            switch op {
            case .atLeast: version >= bound
            case .atMost: version <= bound
            case .greater: version > bound
            case .less: version < bound
            case .exactly: version == bound
            }
        }
    }

    public static func == (lhs: VersionRange, rhs: VersionRange) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
