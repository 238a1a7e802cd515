// Unused here, but the modules' static libraries call it, and a module imported is a library linked.
import FoundationEssentials
import StrataPluginKit

/// libFuzzer's entry: the input is a plugin library file, read as the host reads one before loading it
/// (`PluginDescriptorReader`: the ELF section headers, the `strata_descriptor` section, its descriptor),
/// and also as a descriptor section itself, alone and as a linker joins several (`decodeAll`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let section = try? PluginDescriptorReader.section(inFileBytes: bytes, path: "fuzz.so") {
        _ = try? PluginDescriptorSection.decode(section)
    }
    _ = try? PluginDescriptorSection.decode(bytes)
    _ = PluginDescriptorSection.decodeAll(bytes)
    return 0
}
