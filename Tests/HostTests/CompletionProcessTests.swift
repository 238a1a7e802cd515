import Foundation
import Testing

/// `strata completions bash|zsh|fish` sourced into the real shells, which run `strata __complete` for each
/// completion. bash is driven through `complete -F` with `COMP_WORDS`/`COMP_CWORD`; fish through its
/// own `complete -C LINE`; zsh through its completion function with `words`/`CURRENT` set and `compadd` and
/// `_files` standing in for the completion widget, and through its real line editor in a zpty.
@Suite struct CompletionProcessTests {
    enum Shell: String, CaseIterable { case bash, zsh, fish }

    @Test(arguments: Shell.allCases)
    func commandsSubcommandsOptionsAndChoices(_ shell: Shell) throws {
        let sandbox = try Self.sandbox()
        #expect(try Self.complete(shell, ["strata", "blo"], in: sandbox) == ["blocks"])
        let blocks = try Self.complete(shell, ["strata", "blocks", ""], in: sandbox)
        #expect(Set(blocks).isSuperset(of: ["add", "list"]) && !blocks.contains("blocks"), "\(blocks)")
        #expect(try Self.complete(shell, ["strata", "running", "run", "--tr"], in: sandbox) == ["--track"])
        #expect(try Self.complete(shell, ["strata", "running", "run", "--mode", ""], in: sandbox) == ["race", "single", "team"])
        #expect(try Self.complete(shell, ["strata", "plugins", "info", "ru"], in: sandbox) == ["running"])
    }

    @Test(arguments: Shell.allCases)
    func aTrackCompletesGPXFilesAndFolders(_ shell: Shell) throws {
        let sandbox = try Self.sandbox()
        let folder = sandbox.root.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("old"), withIntermediateDirectories: true)
        for file in ["morning.gpx", "notes.txt"] { try Data().write(to: folder.appendingPathComponent(file)) }
        let offered = try Self.complete(shell, ["strata", "running", "run", "--track", ""], in: sandbox, folder: folder)
        if shell == .zsh {
            #expect(offered == ["_files -g *.(gpx)"], "zsh's own _files filters: \(offered)")
        } else {
            #expect(Set(offered.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }) == ["morning.gpx", "old"], "\(offered)")
        }
    }

    @Test(arguments: Shell.allCases)
    func aDroppedInPluginsCommandCompletesOnceItIsThere(_ shell: Shell) throws {
        let sandbox = try Self.sandbox()
        #expect(try Self.complete(shell, ["strata", "heal"], in: sandbox) == [])
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        #expect(try Self.complete(shell, ["strata", "heal"], in: sandbox) == ["healthy"])
        #expect(try Self.complete(shell, ["strata", "healthy", ""], in: sandbox) == ["ping"])
    }

    /// The real zsh line editor in a pseudo-terminal (zsh's zpty module, as zsh's own completion tests use
    /// it): Tab completes `blo`, `--tr` and lists the choices of `--mode`. Each `zpty -r` waits for its
    /// pattern; the process's time limit bounds the wait.
    @Test func zshsLineEditorCompletesOnTab() throws {
        let sandbox = try Self.sandbox()
        let script = #"""
        zmodload zsh/zpty
        zpty z zsh -f -i
        zpty -w z "PS1='> '; autoload -Uz compinit; compinit -u -d $HOME/zcompdump; source <(strata completions zsh)"
        zpty -w -n z $'strata blo\t'
        zpty -r z out '*strata blocks*' && print -r -- "completed blocks"
        zpty -w -n z $'\C-u'
        zpty -w -n z $'strata running run --tr\t'
        zpty -r z out '*--track*' && print -r -- "completed --track"
        zpty -w -n z $'\C-u'
        zpty -w -n z $'strata running run --mode \t'
        zpty -r z out '*race*single*team*' && print -r -- "listed race single team"
        zpty -d z
        """#
        let result = try run("/usr/bin/env", ["zsh", "-f", "-c", script], environment: Self.environment(sandbox), timeout: 30)
        #expect(result.stdout == "completed blocks\ncompleted --track\nlisted race single team\n", "\(result.stdout)\n\(result.stderr)")
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try strata(["completions", "tcsh"])
        #expect(result.status == 2 && result.stderr.contains("give one of bash, fish, zsh"), "\(result.stderr)")
    }

    /// A sandbox whose config reads the built-in plugins (next to `strata`) and the sandbox's plugin folder.
    static func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)", "plugins"]}"#)
        return sandbox
    }

    /// The shells find the built `strata` on PATH; it reads the sandbox's config, data and state folders.
    static func environment(_ sandbox: Sandbox) -> [String: String] {
        let path = BuildProducts.directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return ["PATH": path, "STRATA_CONFIG": sandbox.config.path, "STRATA_DATA_DIR": sandbox.data.path,
                "XDG_STATE_HOME": sandbox.state.path, "HOME": sandbox.root.path]
    }

    /// What `shell` offers for the last of `words` (`""` when a word is to start), run in `folder`.
    static func complete(_ shell: Shell, _ words: [String], in sandbox: Sandbox, folder: URL? = nil) throws -> [String] {
        let script: String
        var arguments: [String]
        switch shell {
        case .bash:
            script = #"""
            source <(strata completions bash) || exit 3
            [[ $(complete -p strata) == "complete -F _strata strata" ]] || exit 4
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _strata
            printf '%s\n' "${COMPREPLY[@]}"
            """#
            arguments = ["--norc", "--noprofile", "-c", script, "bash"] + words
        case .zsh:
            script = #"""
            compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }
            _files() { print -r -- "_files $*" }
            source <(strata completions zsh) || exit 3
            words=("$@"); CURRENT=$#; _strata
            """#
            arguments = ["-f", "-c", script, "zsh"] + words
        case .fish:
            script = #"""
            strata completions fish | source; or exit 3
            complete -C $argv[1]
            """#
            // fish's `complete -C` takes the command line as typed: a trailing "" is a space after the last word.
            arguments = ["--no-config", "-c", script, words.joined(separator: " ")]
        }
        let result = try run("/usr/bin/env", [shell.rawValue] + arguments, environment: environment(sandbox),
                              currentDirectory: folder, timeout: 30)
        #expect(result.status == 0, "\(shell) failed: \(result.stderr)")
        return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }
}
