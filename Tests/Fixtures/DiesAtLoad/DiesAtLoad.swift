import Glibc
import StrataPluginKit

/// Test fixture: ends the process while registering, in a way no signal handler of strata's sees unless it
/// has an alternate stack: `STRATA_FIXTURE_DEATH=exit` calls exit(3), `overflow` overflows the stack.
final class Fixture: FeaturePlugin {
    func register(in context: PluginContext) throws {
        switch getenv("STRATA_FIXTURE_DEATH").map({ String(cString: $0) }) {
        case "exit": exit(3)
        case "overflow": _ = descend(1)
        default: break
        }
    }

    /// Recursion that can't become a loop (the sum comes after the call), until the stack runs out.
    private func descend(_ depth: Int) -> Int {
        var frame = (depth, depth, depth, depth, depth, depth, depth, depth)
        return withUnsafeMutableBytes(of: &frame) { $0.count } + descend(depth + 1)
    }
}

@c(strata_plugin_abi)
public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

@c(strata_plugin_entry)
public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(Fixture()) }
