import StrataHosting
import StrataPluginKit

/// A helper's request for a file the user typed in its screen (``HelperWire/Kind/fileAsk``): the plugin's
/// ``UserFiles`` in the helper sends it, and strata asks the user (``HelperFileGrants``). Everything in it
/// comes from the plugin, so it is bounded when it is read.
struct HelperFileAsk: Codable, Equatable, Sendable {
    /// The largest payload strata reads as an ask (``HelperToHostMessage``).
    static let maximumPayload = 16 << 10
    /// The longest purpose (in characters), and how many extensions of how many characters an ask may carry.
    static let maximumPurpose = 200, maximumExtensions = 8, maximumExtensionLength = 16

    var id: UInt32
    /// The path as the user typed it (strata resolves it: ``UserFileOpening/resolved(_:workingDirectory:home:)``).
    var path: String
    /// What the plugin wants the file for, shown on strata's prompt.
    var purpose: String
    /// The file name extensions the plugin takes (empty: any).
    var extensions: [String] = []

    /// Why the ask can't be sent or taken as it is, in words; `nil` when it fits the bounds.
    var problem: String? {
        if path.isEmpty || path.utf8.count > UserFileOpening.maximumPathBytes || path.utf8.contains(0) {
            return "the path is empty, longer than \(UserFileOpening.maximumPathBytes) bytes, or holds a NUL"
        }
        if purpose.count > Self.maximumPurpose { return "the purpose is longer than \(Self.maximumPurpose) characters" }
        let wellFormed = extensions.allSatisfy { word in
            (1...Self.maximumExtensionLength).contains(word.count) && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        guard extensions.count <= Self.maximumExtensions, wellFormed else {
            return "at most \(Self.maximumExtensions) extensions of letters and digits are taken"
        }
        return nil
    }
}

/// strata's answer to a ``HelperFileAsk`` (``HelperWire/Kind/fileAnswer``): the file's descriptor rides with
/// it when the user allowed it and strata could open it; otherwise it says why not.
struct HelperFileAnswer: Codable, Equatable, Sendable {
    /// Why the helper gets no file, as ``UserFileError`` says it.
    enum Refusal: Codable, Equatable, Sendable {
        case denied
        case unreadable(String)
        case tooLarge(Int)
        case refused(String)
    }

    var id: UInt32
    /// The path strata resolved and showed (its last part names the helper's copy).
    var path: String
    /// `nil`: allowed, and the descriptor comes with this frame.
    var refusal: Refusal?

    /// The error the plugin gets, `nil` when the file was allowed.
    var error: UserFileError? {
        switch refusal {
        case nil: nil
        case .denied: .denied(path: path)
        case .unreadable(let reason): .unreadable(path: path, reason: reason)
        case .tooLarge(let maximumBytes): .tooLarge(path: path, maximumBytes: maximumBytes)
        case .refused(let reason): .refused(path: path, reason: reason)
        }
    }
}

extension HelperFileAnswer {
    init(id: UInt32, _ error: UserFileError) {
        let refusal: Refusal =
            switch error {
            case .denied: .denied
            case .unreadable(_, let reason): .unreadable(reason)
            case .tooLarge(_, let maximumBytes): .tooLarge(maximumBytes)
            case .noScreen: .refused("there is no screen to ask on")
            case .refused(_, let reason): .refused(reason)
            @unknown default: .refused("\(error)")
            }
        self.init(id: id, path: error.path, refusal: refusal)
    }
}
