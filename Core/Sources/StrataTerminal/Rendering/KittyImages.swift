internal import CZlib
internal import FoundationEssentials

/// The pictures a terminal holds through the kitty graphics protocol, and the commands that show a
/// frame's pictures with them.
///
/// Each picture is transmitted once, zlib-compressed (`o=z`), under an image id of its own (`a=t,i=…`);
/// after that a frame only places it (`a=p,i=…,p=…`) and deletes its placements (`a=d,d=i,i=…`), which
/// keeps its data in the terminal. The terminal keeps at most ``maximumHeld`` pictures and
/// ``maximumHeldBytes`` of pixels (kept here too, to know a picture again): the one unused the longest
/// (and not on screen) is freed first (`a=d,d=I`). Every command asks for no reply (`q=2`), so what is
/// held here must be what the terminal holds: kitty frees every picture, placed or not, when the screen is
/// erased (`CSI 2J`; checked in kitty 0.26, whose `a=p` then answers `ENOENT`), and its source does the same
/// when the alternate screen is entered again (after Ctrl-Z), so ``FrameRenderer`` frees them all here too
/// whenever it draws a frame in full.
struct KittyImages: Sendable {
    /// How many pictures the terminal is asked to keep at once.
    static let maximumHeld = 64
    /// How many bytes of pixels the pictures kept may hold together.
    static let maximumHeldBytes = 48 << 20

    /// The id of each picture the terminal holds.
    private var ids: [Picture: UInt32] = [:]
    /// When each held id was last placed (a count of frames), to free the longest unused first.
    private var lastUse: [UInt32: UInt64] = [:]
    /// The ids placed on screen now.
    private var placed: Set<UInt32> = []
    private var nextID: UInt32 = 1
    private var clock: UInt64 = 0
    private var heldBytes = 0

    /// Whether the terminal holds any picture.
    var isEmpty: Bool { ids.isEmpty }

    /// The commands that replace the pictures on screen with `placements`: the old placements deleted,
    /// pictures not yet held transmitted, then each placed over its cells (the cursor is moved there).
    mutating func show(_ placements: [PicturePlacement]) -> String {
        var output = placed.sorted().map { "\u{1B}_Ga=d,d=i,i=\($0),q=2\u{1B}\\" }.joined()
        placed = []
        clock += 1
        for (index, placement) in placements.enumerated() {
            let id: UInt32
            if let held = ids[placement.picture] {
                id = held
            } else {
                id = newID()
                ids[placement.picture] = id
                heldBytes += placement.picture.rgb.count
                output += Self.transmit(placement.picture, id: id)
            }
            lastUse[id] = clock
            placed.insert(id)
            let region = placement.region
            output +=
                "\u{1B}[\(region.row + 1);\(region.column + 1)H"
                + "\u{1B}_Ga=p,i=\(id),p=\(index + 1),c=\(region.size.width),r=\(region.size.height),C=1,q=2\u{1B}\\"
        }
        while ids.count > Self.maximumHeld || heldBytes > Self.maximumHeldBytes,
            let (picture, id) = ids.filter({ !placed.contains($0.value) })
                .min(by: { lastUse[$0.value, default: 0] < lastUse[$1.value, default: 0] })
        {
            ids[picture] = nil
            lastUse[id] = nil
            heldBytes -= picture.rgb.count
            output += "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
        }
        return output
    }

    /// The commands that free every picture held (leaving the app, or clearing the screen), after which
    /// each picture is transmitted again the next time it is shown.
    mutating func freeAll() -> String {
        let output = ids.values.sorted().map { "\u{1B}_Ga=d,d=I,i=\($0),q=2\u{1B}\\" }.joined()
        ids = [:]
        lastUse = [:]
        heldBytes = 0
        placed = []
        return output
    }

    private mutating func newID() -> UInt32 {
        defer { nextID = nextID == .max ? 1 : nextID + 1 }
        return nextID
    }

    /// `picture` transmitted under `id` without being shown (`a=t`), zlib-compressed, in chunks of at most
    /// 4096 base64 characters as the protocol asks.
    static func transmit(_ picture: Picture, id: UInt32) -> String {
        let compressed = zlibCompressed(picture.rgb)
        let payload = Data(compressed ?? picture.rgb).base64EncodedString()
        var output = ""
        var offset = payload.startIndex
        var first = true
        repeat {
            let end = payload.index(offset, offsetBy: 4096, limitedBy: payload.endIndex) ?? payload.endIndex
            let more = end < payload.endIndex ? 1 : 0
            let keys =
                first
                ? "a=t,i=\(id),f=24,s=\(picture.width),v=\(picture.height)\(compressed == nil ? "" : ",o=z"),q=2,m=\(more)"
                : "m=\(more)"
            output += "\u{1B}_G\(keys);\(payload[offset..<end])\u{1B}\\"
            offset = end
            first = false
        } while offset < payload.endIndex
        return output
    }

    /// `bytes` as a zlib stream (RFC 1950), or nil if zlib fails (the picture then goes uncompressed).
    static func zlibCompressed(_ bytes: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), Z_DEFAULT_COMPRESSION)
            }
        }
        guard status == Z_OK else { return nil }
        return Array(output.prefix(Int(length)))
    }
}
