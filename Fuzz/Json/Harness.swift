internal import FoundationEssentials  // as JSONValue.swift, compiled into the same module, imports it

/// libFuzzer's entry: the input is a JSON text as strata reads a config or a plugin descriptor
/// (`JSONValue.parse`), and as the SDK repairs a server's JSON before decoding it (`JSONSurrogates`).
/// A parsed value is encoded again, which exercises every number and string it holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? JSONValue.parse(bytes) {
        _ = document.value.kind
        _ = try? JSONEncoder().encode(document.value)
    }
    let repaired = JSONSurrogates.repairing(bytes)
    if let document = try? JSONValue.parse(repaired) { _ = document.duplicateKeys.count }
    return 0
}
