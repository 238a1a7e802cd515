import Foundation

/// A gzip body of `count` zero bytes, deflated by hand with fixed Huffman codes: one literal zero, then
/// matches of 258 bytes at distance 1 (13 bits each, some 1:160), then literal zeros for the rest. A gzip
/// bomb in a few lines, with no zlib: 100 MB of zeros is some 630 KB on the wire.
///
/// - Parameter checksummed: write the real CRC-32 in the trailer; a bomb the client must stop long before
///   its end can skip it (computing it byte by byte would cost the test seconds).
func gzipZeros(count: Int, checksummed: Bool = true) -> Data {
    var bits = BitWriter()
    bits.write(1, count: 1) // BFINAL: the only block
    bits.write(1, count: 2) // BTYPE 01: fixed Huffman codes
    var left = count
    if left > 0 {
        bits.writeCode(0x30, length: 8) // literal 0
        left -= 1
    }
    while left >= 258 {
        bits.writeCode(0xC5, length: 8) // length code 285: 258 bytes, no extra bits
        bits.writeCode(0, length: 5) // distance code 0: distance 1
        left -= 258
    }
    for _ in 0..<left { bits.writeCode(0x30, length: 8) }
    bits.writeCode(0, length: 7) // end of block (256)
    var gzip = Data([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 0x03])
    gzip.append(contentsOf: bits.bytes)
    let crc = checksummed ? crc32OfZeros(count) : 0
    let size = UInt32(truncatingIfNeeded: count)
    for value in [crc, size] { gzip.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
    return gzip
}

/// Bits packed as deflate wants them: least significant first in each byte.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 8

    /// `value`'s low `count` bits, least significant first (header fields, extra bits).
    mutating func write(_ value: UInt32, count: Int) {
        for index in 0..<count { append(bit: (value >> UInt32(index)) & 1) }
    }

    /// A Huffman code, most significant bit first.
    mutating func writeCode(_ code: UInt32, length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) { append(bit: (code >> UInt32(index)) & 1) }
    }

    private mutating func append(bit: UInt32) {
        if used == 8 {
            bytes.append(0)
            used = 0
        }
        bytes[bytes.count - 1] |= UInt8(bit) << UInt8(used)
        used += 1
    }
}

private func crc32OfZeros(_ count: Int) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for _ in 0..<count {
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
