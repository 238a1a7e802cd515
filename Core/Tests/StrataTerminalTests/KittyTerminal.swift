@testable import StrataTerminal

/// A terminal that keeps pictures as kitty 0.26 does, fed the output of a ``FrameRenderer``: it holds each
/// picture transmitted (`a=t`) under its id until it is freed (`a=d,d=I`), answers a placement (`a=p`) of an
/// id it doesn't hold with `ENOENT` (as kitty does, seen under Xvfb), and, when `clearFreesPictures`, frees
/// every picture, placed or not, on "erase display" (`CSI 2J`), as kitty does.
struct KittyTerminal {
    /// Whether erasing the display frees the pictures (kitty) or keeps them (a terminal that frees only on
    /// request).
    let clearFreesPictures: Bool
    /// The payload of each picture held, by id.
    private(set) var held: [UInt32: String] = [:]
    /// The ids placed on screen now.
    private(set) var placed: Set<UInt32> = []
    /// The error answered to each placement of a picture not held, e.g. "ENOENT: i=3".
    private(set) var errors: [String] = []
    /// How many times a picture was transmitted while the terminal already held the same pixels.
    private(set) var transmissionsOfAPictureHeld = 0
    /// How many pictures were transmitted.
    private(set) var transmissions = 0

    init(clearFreesPictures: Bool = true) {
        self.clearFreesPictures = clearFreesPictures
    }

    /// Reads `output` as the terminal would.
    mutating func receive(_ output: String) {
        var rest = Substring(output)
        while let start = rest.firstRange(of: "\u{1B}") {
            let escape = rest[start.lowerBound...]
            if escape.hasPrefix("\u{1B}[2J") {
                placed = []
                if clearFreesPictures { held = [:] }
                rest = escape.dropFirst(4)
            } else if escape.hasPrefix("\u{1B}_G"), let end = escape.firstRange(of: "\u{1B}\\") {
                handle(escape[escape.index(escape.startIndex, offsetBy: 3)..<end.lowerBound])
                rest = escape[end.upperBound...]
            } else {
                rest = escape.dropFirst()
            }
        }
    }

    /// The payload being transmitted in chunks (`m=1`), and the id it goes under.
    private var loading: (id: UInt32, payload: String)?

    private mutating func handle(_ command: Substring) {
        let parts = command.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let keys = Dictionary(
            parts[0].split(separator: ",").map { pair in
                let halves = pair.split(separator: "=", maxSplits: 1)
                return (String(halves[0]), halves.count > 1 ? String(halves[1]) : "")
            }, uniquingKeysWith: { $1 })
        let payload = parts.count > 1 ? String(parts[1]) : ""
        let id = keys["i"].flatMap { UInt32($0) } ?? 0
        if let current = loading {  // a later chunk carries only m=
            loading = (current.id, current.payload + payload)
            if keys["m"] != "1" { hold(current.id, loading?.payload ?? "") }
            return
        }
        switch keys["a"] {
        case "t":
            if keys["m"] == "1" { loading = (id, payload) } else { hold(id, payload) }
        case "p":
            if held[id] != nil { placed.insert(id) } else { errors.append("ENOENT: i=\(id)") }
        case "d" where keys["d"] == "i":
            placed.remove(id)
        case "d" where keys["d"] == "I":
            placed.remove(id)
            held[id] = nil
        default:
            errors.append("unexpected command \(parts[0])")
        }
    }

    private mutating func hold(_ id: UInt32, _ payload: String) {
        loading = nil
        transmissions += 1
        if held.values.contains(payload) { transmissionsOfAPictureHeld += 1 }
        held[id] = payload
    }
}
