/// The scripts `strata completions bash|zsh|fish` prints. Each asks `strata __complete WORD…` for every
/// completion (``ShellCompletion``), so commands of plugins installed later complete too; the answer is
/// one candidate a line, or `:files [EXT…]` / `:dirs` for the shell to complete paths itself.
enum ShellScript {
    static let names = ["bash", "fish", "zsh"]

    /// Prints the script for `shell`; a shell it doesn't know is a usage error (exit 2).
    static func print(_ shell: String) throws(CommandExit) {
        guard let script = script(for: shell) else {
            Console.error("strata has no completions for '\(shell)'; give one of \(names.joined(separator: ", ")).\nUsage: strata completions SHELL")
            throw .usage
        }
        Console.write(script)
    }

    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": bash
        case "zsh": zsh
        case "fish": fish
        default: nil
        }
    }

    static let bash = #"""
        # strata completion for bash (printed by `strata completions bash`).
        # Source it from ~/.bashrc, or save it as ~/.local/share/bash-completion/completions/strata.
        _strata() {
            local current=${COMP_WORDS[COMP_CWORD]} program=${COMP_WORDS[0]/#\~/$HOME} first extension
            local IFS=$'\n'
            local -a answer extensions
            answer=($("$program" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
            first=${answer[0]-}
            COMPREPLY=()
            case $first in
            :dirs)
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -d -- "$current")) ;;
            :files*)
                compopt -o filenames 2>/dev/null
                IFS=' ' read -r -a extensions <<< "${first#:files}"
                if ((${#extensions[@]} == 0)); then
                    COMPREPLY=($(compgen -f -- "$current"))
                else
                    COMPREPLY=($(compgen -d -- "$current"))
                    for extension in "${extensions[@]}"; do
                        COMPREPLY+=($(compgen -f -X "!*.$extension" -- "$current"))
                    done
                fi ;;
            *) COMPREPLY=("${answer[@]}") ;;
            esac
        }
        complete -F _strata strata

        """#

    static let zsh = #"""
        #compdef strata
        # strata completion for zsh (printed by `strata completions zsh`).
        # Save it as _strata in a folder on $fpath before compinit runs, or source it after compinit.
        _strata() {
            local program=${words[1]/#\~/$HOME}
            local -a answer extensions
            answer=(${(f)"$("$program" __complete "${(@Q)words[2,CURRENT]}" 2>/dev/null)"})
            case ${answer[1]-} in
            (:dirs) _files -/ ;;
            (:files*)
                extensions=(${=answer[1]#:files})
                if (( ${#extensions} )); then _files -g "*.(${(j:|:)extensions})"; else _files; fi ;;
            (*) compadd -- "${answer[@]}" ;;
            esac
        }
        if [[ ${funcstack[1]-} == _strata ]]; then
            _strata "$@"
        elif (( $+functions[compdef] )); then
            compdef _strata strata
        fi

        """#

    static let fish = #"""
        # strata completion for fish (printed by `strata completions fish`).
        # Save it as ~/.config/fish/completions/strata.fish, or source it.
        function __strata_complete
            set -l words (commandline -opc)
            set -l current (commandline -ct)
            set -l program $words[1]
            set -e words[1]
            set -l answer ($program __complete $words "$current" 2>/dev/null)
            switch "$answer[1]"
                case ':dirs'
                    __fish_complete_directories "$current"
                case ':files*'
                    set -l extensions (string split -n ' ' -- (string replace ':files' '' -- $answer[1]))
                    set -l paths (__fish_complete_path "$current")
                    if test (count $extensions) -eq 0
                        printf '%s\n' $paths
                    else
                        set -l suffixes (string join '|' -- (string escape --style=regex -- $extensions))
                        string match -r -- "^[^\t]*(?:/|\.(?:$suffixes))(?:\t.*)?\$" $paths
                    end
                case '*'
                    printf '%s\n' $answer
            end
        end
        complete -c strata -f -a '(__strata_complete)'

        """#
}
