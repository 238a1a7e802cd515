/// The files of a new plugin package.
enum ScaffoldTemplate {
    static func files(name: String, corePath: String) -> [(String, String)] {
        let id = name.lowercased()
        return [
            ("Package.swift", """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)Plugin", type: .dynamic, targets: ["\(name)Plugin"])],
                dependencies: [.package(path: "\(corePath)"), .package(path: "\(corePath)/Testing")],
                targets: [
                    .target(name: "\(name)Domain"),
                    // plugin.json is the plugin's descriptor; StrataDescriptorPlugin compiles it into the library,
                    // where strata reads it without loading the plugin.
                    .target(name: "\(name)Plugin", dependencies: ["\(name)Domain", .product(name: "StrataPluginKit", package: "Core"),
                                                              .product(name: "StrataTerminal", package: "Core")],
                            exclude: ["plugin.json"], plugins: [.plugin(name: "StrataDescriptorPlugin", package: "Core")]),
                    .testTarget(name: "\(name)DomainTests", dependencies: ["\(name)Domain"]),
                    // The plugin in StrataTesting's in-memory host: its commands and its screen.
                    .testTarget(name: "\(name)PluginTests", dependencies: ["\(name)Plugin", .product(name: "StrataTesting", package: "Testing"),
                                                                     .product(name: "StrataTerminal", package: "Core")]),
                ],
                swiftLanguageModes: [.v6]
            )

            """),
            (".gitignore", ".build*/\nPackage.resolved\n"),
            ("Sources/\(name)Domain/GreetUseCase.swift", """
            import Foundation

            /// Greets someone by name.
            public protocol GreetUseCase: Sendable {
                func greet(_ name: String) -> String
            }

            /// The one greeting.
            public struct DefaultGreetUseCase: GreetUseCase {
                public init() {}

                public func greet(_ name: String) -> String {
                    let trimmed = name.trimmingCharacters(in: .whitespaces)
                    return "Hello, \\(trimmed.isEmpty ? "world" : trimmed)!"
                }
            }

            """),
            ("Sources/\(name)Plugin/\(name)Plugin.swift", """
            import \(name)Domain
            import StrataDI
            import StrataPluginKit
            import StrataTerminal

            /// The composition root: the only place that builds the feature's concrete types.
            final class \(name)Plugin: FeaturePlugin {
                let manifest = PluginManifest(id: "\(id)", displayName: "\(name)", version: "0.1.0",
                                              summary: "Greets people (made with strata plugins new).")

                func register(in context: PluginContext) throws {
                    try context.register((any GreetUseCase).self, scope: .singleton) { _ in DefaultGreetUseCase() }
                    // The screen the home screen opens.
                    try context.contribute(.screen) { resolver in
                        \(name)ScreenProvider(greet: try resolver.resolve((any GreetUseCase).self))
                    }
                    // What the command takes is declared in plugin.json: strata parses it there (and prints
                    // its usage and --help) before this code is loaded. A thrown error is printed as one line.
                    try context.addCommand(PluginCommand(path: ["\(id)", "greet"]) { arguments, invocation in
                        let useCase = try context.service((any GreetUseCase).self)
                        let greeting = useCase.greet(arguments.positionals.joined(separator: " "))
                        invocation.writeLine(arguments.has("--shout") ? greeting.uppercased() : greeting)
                    })
                }
            }

            """),
            ("Sources/\(name)Plugin/plugin.json", """
            {
              "id": "\(id)",
              "displayName": "\(name)",
              "version": "0.1.0",
              "summary": "Greets people (made with strata plugins new).",
              "commands": [
                {
                  "words": ["\(id)", "greet"],
                  "summary": "Print a greeting",
                  "arguments": [{"name": "NAME", "help": "who to greet", "repeats": true}],
                  "flags": [{"name": "--shout", "help": "greet in capitals"}]
                }
              ],
              "screens": [
                {"title": "\(name)", "summary": "Type a name and see the greeting"}
              ]
            }

            """),
            ("Sources/\(name)Plugin/\(name)Screen.swift", """
            import \(name)Domain
            import StrataTerminal

            /// Opens the plugin's screen from the home screen.
            struct \(name)ScreenProvider: FeatureScreenProvider {
                let greet: any GreetUseCase

                @MainActor func makeRootScreen(navigator: Navigator) throws -> any Screen {
                    \(name)Screen(greet: greet)
                }
            }

            /// Type a name, see the greeting. Run `strata dev .` in the package: each saved change is built
            /// and shown here.
            @MainActor
            final class \(name)Screen: Screen {
                let title = "\(name)"
                private let greet: any GreetUseCase
                private var name = TextFieldState()

                init(greet: any GreetUseCase) {
                    self.greet = greet
                }

                var helpItems: [HelpItem] { [HelpItem("type", "a name")] }

                func draw(in canvas: Canvas, context: RenderContext) {
                    canvas.draw("Who should be greeted?", row: 0, style: .bold)
                    TextField(state: name, prompt: "Name: ", placeholder: "world").draw(in: canvas.rows(2, count: 1))
                    canvas.draw(greet.greet(name.text), row: 4)
                }

                func handle(_ key: Key) throws -> KeyResult {
                    name.handle(key) ? .handled : .ignored
                }
            }

            """),
            ("Sources/\(name)Plugin/\(name)Plugin+Entry.swift", """
            import StrataPluginKit

            /// The ABI stamp the host checks before calling anything else in this library.
            @c(strata_plugin_abi)
            public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

            /// The entry point the host calls to get the plugin.
            @c(strata_plugin_entry)
            public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(\(name)Plugin()) }

            """),
            ("Tests/\(name)PluginTests/\(name)PluginTests.swift", """
            import StrataTerminal
            import StrataTesting
            import Testing
            @testable import \(name)Plugin

            /// The plugin in an in-memory host, as strata runs it: a command, and the screen on a virtual terminal.
            @MainActor
            struct \(name)PluginTests {
                let host: PluginTestHost

                init() throws {
                    host = try PluginTestHost(\(name)Plugin())
                }

                @Test func greetsOnTheCommandLine() async {
                    let greeted = await host.run("\(id)", "greet", "Ada", "--shout")
                    #expect(greeted.code == 0)
                    #expect(greeted.output == "HELLO, ADA!\\n")
                }

                @Test func aMissingNameIsAUsageError() async {
                    let missing = await host.run("\(id)", "greet")
                    #expect(missing.code == 2)
                    #expect(missing.error == "\(id): missing NAME\\nUsage: strata \(id) greet NAME... [--shout]\\n")
                }

                @Test func theScreenGreetsWhatIsTyped() throws {
                    let app = try host.openScreen()
                    for character in "Ada" { try app.send(.character(character)) }
                    #expect(app.render(size: TerminalSize(width: 60, height: 10)).text.contains("Hello, Ada!"))
                }
            }

            """),
            ("Tests/\(name)DomainTests/GreetUseCaseTests.swift", """
            import Testing
            @testable import \(name)Domain

            @Test func greetsByTrimmedName() {
                #expect(DefaultGreetUseCase().greet("  Ada ") == "Hello, Ada!")
            }

            @Test func greetsTheWorldWhenNameIsEmpty() {
                #expect(DefaultGreetUseCase().greet("") == "Hello, world!")
            }

            """),
        ]
    }
}
