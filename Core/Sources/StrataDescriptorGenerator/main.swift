import Foundation
import StrataDescriptorCodegen
import StrataPluginKit

// strata-descriptor PLUGIN_JSON OUTPUT_SWIFT [TYPED_SWIFT]
//
// Run by StrataDescriptorPlugin at build time: checks a plugin's `plugin.json`, adds the ABI stamp of the
// compiler that builds it (this tool is built by the same compiler as the plugin), and writes the Swift
// file that puts the descriptor into the library's `strata_descriptor` section; with TYPED_SWIFT, also the
// typed Swift of its commands and settings (TypedSource).

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: strata-descriptor PLUGIN_JSON OUTPUT_SWIFT [TYPED_SWIFT]\n".utf8))
    exit(2)
}
let input = arguments[1], output = arguments[2]

func fail(_ message: String) -> Never {
    // `file: error: message` is the form SwiftPM and editors show next to the file.
    FileHandle.standardError.write(Data("\(input): error: \(message)\n".utf8))
    exit(1)
}

guard let data = FileManager.default.contents(atPath: input) else {
    fail("can't read the plugin descriptor; every plugin target needs a plugin.json beside its code (see `strata plugins new`)")
}
var descriptor: PluginDescriptor
do {
    descriptor = try PluginDescriptorSection.decodeJSON(Array(data))
} catch {
    fail(error.description)
}
descriptor.abi = StrataABI.stampString
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let json = Array((try? encoder.encode(descriptor)) ?? Data())
guard json.count <= PluginDescriptorSection.maximumLength else { fail("the descriptor has \(json.count) bytes; the most is \(PluginDescriptorSection.maximumLength)") }
let source = PluginDescriptorSection.swiftSource(json: json, generatedFrom: URL(fileURLWithPath: input).lastPathComponent)

/// Writes `text` to `path` only when it changes, so an unchanged descriptor doesn't recompile the plugin.
func write(_ text: String, to path: String) {
    do {
        if FileManager.default.contents(atPath: path) != Data(text.utf8) {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    } catch {
        fail("can't write \(path): \(error.localizedDescription)")
    }
}

write(source, to: output)
if arguments.count == 4 {
    do {
        write(try TypedSource.swift(for: descriptor), to: arguments[3])
    } catch {
        fail(error.description)
    }
}
