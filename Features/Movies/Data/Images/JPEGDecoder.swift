import CJPEG
import Foundation
import MoviesDomain

/// Turns a JPEG file into RGB pixels with libjpeg (Debian's libjpeg-turbo, through the `CJPEG` system
/// library).
public enum JPEGDecoder {
    /// Why a file could not be decoded: libjpeg's own words ("Not a JPEG file: starts with 0x89 0x50").
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Decodes `data`, letting libjpeg scale it down by 1/2, 1/4 or 1/8 while decoding as long as the result
    /// stays at least `minimumWidth` pixels wide (0 decodes at full size).
    public static func decode(_ data: Data, minimumWidth: Int = 0) throws(Failure) -> PosterImage {
        guard !data.isEmpty else { throw Failure(reason: "the file is empty") }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = data.withUnsafeBytes { bytes in
            strata_jpeg_decode(
                bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count), Int32(clamping: minimumWidth),
                &pixels, &width, &height, &message, message.count)
        }
        guard status == 0, let pixels else {
            throw Failure(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(pixels) }
        let count = Int(width) * Int(height) * 3
        return PosterImage(width: Int(width), height: Int(height), rgb: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }
}
