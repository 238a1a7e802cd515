/// The files of a new plugin package: a feature in the shape of the built-in four (Domain, Data and
/// Presentation targets, the plugin as composition root), with its descriptor, one typed command, one
/// screen, and tests on the layers and on StrataTesting's plugin test host.
enum ScaffoldTemplate {
    /// What the package builds against.
    enum SDK: Equatable {
        /// The SDK an installed strata carries (`PREFIX/lib/strata/sdk`, the StrataSDK package; see
        /// docs/PluginSDK.md): its module interfaces and libraries, the descriptor build tool, StrataTesting.
        case installed(String)
        /// A strata checkout's `Core` folder, built from source with the plugin.
        case checkout(String)

        /// The package's `dependencies:`.
        var dependencies: String {
            switch self {
            case .installed(let sdk): "[.package(path: \(Self.literal(sdk)))]"
            case .checkout(let core): "[.package(path: \(Self.literal(core))), .package(path: \(Self.literal(core + "/Testing")))]"
            }
        }

        /// The package that has the SDK's libraries and its build tool, and the one that has StrataTesting, as
        /// `.product(…, package:)` names them (a path package's identity is its folder's name).
        var packages: (core: String, testing: String) {
            switch self {
            case .installed(let sdk):
                let folder = String(sdk.split(separator: "/").last ?? "sdk")
                return (folder, folder)
            case .checkout: return ("Core", "Testing")
            }
        }

        /// What the manifest adds at its end: the installed SDK's module interfaces on every target's import
        /// path (a package can't give its dependents one, so its user adds it).
        var manifestEnd: String {
            guard case .installed(let sdk) = self else { return "" }
            return """

                // The installed SDK's module interfaces, on each target's import path (a package can't give its
                // dependents one; see docs/PluginSDK.md).
                for target in package.targets {
                    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-I", \(Self.literal(sdk + "/Modules"))])]
                }

                """
        }

        /// `path` as a Swift string literal.
        private static func literal(_ path: String) -> String {
            "\"" + path.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
    }

    static func files(name: String, sdk: SDK) -> [(String, String)] {
        let id = name.lowercased()
        let (core, testing) = sdk.packages
        // The type the descriptor build tool generates from plugin.json for `<id> greet`.
        let greetCommand = id.prefix(1).uppercased() + id.dropFirst() + "GreetCommand"
        return [
            (
                "Package.swift",
                """
                // swift-tools-version: 6.1
                import PackageDescription

                // Domain knows nothing of the others; Data and Presentation know Domain; the plugin puts them together.
                let package = Package(
                    name: "\(name)",
                    products: [.library(name: "\(name)Plugin", type: .dynamic, targets: ["\(name)Plugin"])],
                    dependencies: \(sdk.dependencies),
                    targets: [
                        .target(name: "\(name)Domain"),
                        .target(name: "\(name)Data", dependencies: ["\(name)Domain"]),
                        .target(name: "\(name)Presentation", dependencies: ["\(name)Domain", .product(name: "StrataTerminal", package: "\(core)")]),
                        // plugin.json is the plugin's descriptor; StrataDescriptorPlugin compiles it into the library,
                        // where strata reads it without loading the plugin.
                        .target(name: "\(name)Plugin",
                                dependencies: ["\(name)Domain", "\(name)Data", "\(name)Presentation",
                                               .product(name: "StrataPluginKit", package: "\(core)"), .product(name: "StrataTerminal", package: "\(core)")],
                                exclude: ["plugin.json"], plugins: [.plugin(name: "StrataDescriptorPlugin", package: "\(core)")]),
                        .testTarget(name: "\(name)DomainTests", dependencies: ["\(name)Domain"]),
                        .testTarget(name: "\(name)DataTests", dependencies: ["\(name)Data", "\(name)Domain"]),
                        // The plugin in StrataTesting's in-memory host: its command and its screen.
                        .testTarget(name: "\(name)PluginTests", dependencies: ["\(name)Plugin", .product(name: "StrataTesting", package: "\(testing)"),
                                                                         .product(name: "StrataTerminal", package: "\(core)")]),
                    ],
                    swiftLanguageModes: [.v6]
                )
                \(sdk.manifestEnd)
                """
            ),
            (".gitignore", ".build*/\nPackage.resolved\n"),
            (
                "Sources/\(name)Domain/GreetUseCase.swift",
                """
                import Foundation

                /// Where the word a greeting starts with comes from.
                public protocol SalutationRepository: Sendable {
                    /// "Hello", or what the user chose.
                    func salutation() -> String
                }

                /// Greets someone by name.
                public protocol GreetUseCase: Sendable {
                    func greet(_ name: String) -> String
                }

                /// The rule: the salutation and the trimmed name, or the world when there is no name.
                public struct DefaultGreetUseCase: GreetUseCase {
                    private let salutations: any SalutationRepository

                    public init(salutations: any SalutationRepository) {
                        self.salutations = salutations
                    }

                    public func greet(_ name: String) -> String {
                        let trimmed = name.trimmingCharacters(in: .whitespaces)
                        return "\\(salutations.salutation()), \\(trimmed.isEmpty ? "world" : trimmed)!"
                    }
                }

                """
            ),
            (
                "Sources/\(name)Data/FileSalutationRepository.swift",
                """
                import Foundation
                import \(name)Domain

                /// The salutation in a text file of the plugin's data folder (`salutation.txt`), "Hello" without one.
                public struct FileSalutationRepository: SalutationRepository {
                    private let file: URL

                    public init(file: URL) {
                        self.file = file
                    }

                    public func salutation() -> String {
                        let text = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                        return text.isEmpty ? "Hello" : text
                    }
                }

                """
            ),
            (
                "Sources/\(name)Presentation/\(name)Screen.swift",
                """
                import \(name)Domain
                import Observation
                import StrataTerminal

                /// The name being typed and its greeting.
                @MainActor
                @Observable
                public final class GreetViewModel {
                    public var name = "" {
                        didSet { greeting = greet.greet(name) }
                    }
                    public private(set) var greeting: String
                    @ObservationIgnored private let greet: any GreetUseCase

                    public init(greet: any GreetUseCase) {
                        self.greet = greet
                        greeting = greet.greet("")
                    }
                }

                /// Type a name, see the greeting. Run `strata dev .` in the package: each saved change is built and
                /// shown here.
                @MainActor
                public final class \(name)Screen: Screen {
                    public let title = "\(name)"
                    private let viewModel: GreetViewModel
                    private var field = TextFieldState()

                    public init(viewModel: GreetViewModel) {
                        self.viewModel = viewModel
                    }

                    public var helpItems: [HelpItem] { [HelpItem("type", "a name")] }

                    public func draw(in canvas: Canvas, context: RenderContext) {
                        canvas.draw("Who should be greeted?", row: 0, style: .bold)
                        TextField(state: field, prompt: "Name: ", placeholder: "world").draw(in: canvas.rows(2, count: 1))
                        canvas.draw(viewModel.greeting, row: 4)
                    }

                    public func handle(_ key: Key) throws -> KeyResult {
                        guard field.handle(key) else { return .ignored }
                        viewModel.name = field.text
                        return .handled
                    }
                }

                /// Opens the screen from the home screen.
                public struct \(name)ScreenProvider: FeatureScreenProvider {
                    private let greet: any GreetUseCase

                    public init(greet: any GreetUseCase) {
                        self.greet = greet
                    }

                    @MainActor public func makeRootScreen(navigator: Navigator) throws -> any Screen {
                        \(name)Screen(viewModel: GreetViewModel(greet: greet))
                    }
                }

                """
            ),
            (
                "Sources/\(name)Plugin/\(name)Plugin.swift",
                """
                import Foundation
                import \(name)Data
                import \(name)Domain
                import \(name)Presentation
                import StrataPluginKit
                import StrataTerminal

                /// The composition root: the only place that builds the feature's concrete types. What it registers
                /// is its own; `context.export` would offer a type to other plugins.
                final class \(name)Plugin: FeaturePlugin {
                    func register(in context: PluginContext) throws {
                        // The SDK gives folders as paths; the plugin makes the URLs it wants itself.
                        let salutationFile = URL(fileURLWithPath: context.dataDirectory).appendingPathComponent("salutation.txt")
                        try context.register((any SalutationRepository).self, scope: .singleton) { _ in
                            FileSalutationRepository(file: salutationFile)
                        }
                        try context.register((any GreetUseCase).self, scope: .singleton) { resolver in
                            DefaultGreetUseCase(salutations: try resolver.resolve((any SalutationRepository).self))
                        }
                        // The screen the home screen opens.
                        try context.contribute(.screen) { resolver in
                            \(name)ScreenProvider(greet: try resolver.resolve((any GreetUseCase).self))
                        }
                        // What the command takes is declared in plugin.json: strata parses and checks it there (and
                        // prints its usage and --help) before this code is loaded, and the build generates its type,
                        // \(greetCommand), with a property per argument and flag. A thrown error is printed as one line.
                        try context.addCommand(\(greetCommand).self) { command, invocation in
                            let useCase = try context.service((any GreetUseCase).self)
                            let greeting = useCase.greet(command.arguments.text)
                            invocation.writeLine(command.shout ? greeting.uppercased() : greeting)
                        }
                    }
                }

                """
            ),
            (
                "Sources/\(name)Plugin/plugin.json",
                """
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

                """
            ),
            (
                "Sources/\(name)Plugin/\(name)Plugin+Entry.swift",
                """
                import StrataPluginKit

                /// The ABI stamp the host checks before calling anything else in this library.
                @c(strata_plugin_abi)
                public func strataPluginABI() -> UnsafePointer<CChar> { StrataABI.stamp }

                /// The entry point the host calls to get the plugin.
                @c(strata_plugin_entry)
                public func strataPluginEntry() -> UnsafeMutableRawPointer { PluginExport.export(\(name)Plugin()) }

                """
            ),
            (
                "Tests/\(name)PluginTests/\(name)PluginTests.swift",
                """
                import StrataTerminal
                import StrataTesting
                import Testing
                @testable import \(name)Plugin

                /// The plugin in an in-memory host, as strata runs it: a command, and the screen on a virtual terminal.
                @MainActor
                struct \(name)PluginTests {
                    let host: PluginTestHost

                    init() throws {
                        host = try PluginTestHost(\(name)Plugin(), id: "\(id)")
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

                """
            ),
            (
                "Tests/\(name)DomainTests/GreetUseCaseTests.swift",
                """
                import Testing
                @testable import \(name)Domain

                /// A salutation chosen by the test.
                struct FixedSalutation: SalutationRepository {
                    let word: String
                    func salutation() -> String { word }
                }

                @Test func greetsByTrimmedNameWithTheSalutation() {
                    #expect(DefaultGreetUseCase(salutations: FixedSalutation(word: "Hi")).greet("  Ada ") == "Hi, Ada!")
                }

                @Test func greetsTheWorldWhenNameIsEmpty() {
                    #expect(DefaultGreetUseCase(salutations: FixedSalutation(word: "Hello")).greet("") == "Hello, world!")
                }

                """
            ),
            (
                "Tests/\(name)DataTests/FileSalutationRepositoryTests.swift",
                """
                import Foundation
                import Testing
                import \(name)Data

                @Test func theSalutationComesFromItsFileOrIsHello() throws {
                    let file = FileManager.default.temporaryDirectory.appendingPathComponent("salutation-\\(UUID().uuidString).txt")
                    defer { try? FileManager.default.removeItem(at: file) }
                    #expect(FileSalutationRepository(file: file).salutation() == "Hello")
                    try "Servus\\n".write(to: file, atomically: true, encoding: .utf8)
                    #expect(FileSalutationRepository(file: file).salutation() == "Servus")
                }

                """
            ),
        ]
    }
}
