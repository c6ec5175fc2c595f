import ArgumentParser

/// The completion scripts `prefs --generate-completion-script bash|zsh|fish` prints:
/// swift-argument-parser's, with prefs' own definitions of the few helpers through which
/// candidates reach the shell, so that every candidate stays data.
///
/// A candidate is a name from a file: a domain, a key, a palette, a file in the current folder.
/// Whoever wrote the file chose the name (clone a repository, `cd` into it, press Tab), so no
/// candidate may pass through anything that expands it, and each must be inserted quoted as
/// the name it is. swift-argument-parser's bash helper hands candidates to `compgen -W`, which
/// expands each word as the shell would (`$(cmd)` and `` `cmd` `` run `cmd`, `$((…))`, `${…}`,
/// globs), and leaves quoting to bash's `-o filenames`, which on purpose leaves `$` and `` ` ``
/// unquoted in a name that is not a file here; its zsh helper hands them to `_describe`, which
/// reads a `:` as the start of a description (and one such key left the whole list unoffered);
/// its fish helper asks `commandline` for the cursor in a way fish 3 refuses without a
/// terminal. prefs' definitions replace those helpers: bash reads candidates line by line,
/// keeps those that start with the word typed, lists files itself, and quotes each for the
/// word it goes into; zsh gives them to `compadd` as words, which quotes them (a `!` too,
/// once `banghist` is back as the user has it); fish (whose command substitutions are data
/// already) reads the cursor from the current token.
///
/// Candidates travel one a line, so ``Completions`` leaves out any that a line cannot carry.
enum CompletionScript {
    /// The option that asks for a script, as swift-argument-parser spells it.
    private static let option = "--generate-completion-script"

    /// The script `arguments` (the process's, program first) ask for, as the parser would
    /// read them (anywhere before `--`), or `nil` when they ask for none or name no shell
    /// swift-argument-parser knows (the parser then says why).
    static func requested(by arguments: [String]) -> String? {
        let options = arguments.prefix { $0 != "--" }
        guard let position = options.firstIndex(where: { $0 == option || $0.hasPrefix(option + "=") }) else { return nil }
        let word = arguments[position]
        let named: String? =
            if word.count > option.count { String(word.dropFirst(option.count + 1)) } else { arguments.dropFirst(position + 1).first }
        let shell = if let named { CompletionShell(rawValue: named) } else { CompletionShell.autodetected() }
        return shell.map(text(for:))
    }

    /// swift-argument-parser's script for `shell` with prefs' helpers after its definitions.
    ///
    /// bash and fish look a function up when they call it, so the helpers go at the end. zsh
    /// autoloads the file as the body of `_prefs`, which ends by calling `_prefs`: there the
    /// helpers go before that call, or the first Tab would use swift-argument-parser's; and
    /// where `_prefs` turns `banghist` off, ``zshBangHistory`` turns it back as the user has it.
    static func text(for shell: CompletionShell) -> String {
        let script = Prefs.completionScript(for: shell)
        switch shell {
        case .zsh:
            var lines = script.split(separator: "\n", omittingEmptySubsequences: false)
            let call = lines.lastIndex { $0.hasPrefix(#"if [[ "${funcstack[1]}" = _prefs ]]"#) } ?? lines.endIndex
            lines.insert(contentsOf: zshHelpers.split(separator: "\n", omittingEmptySubsequences: false), at: call)
            if let options = lines.firstIndex(where: { $0.contains("unsetopt") && $0.contains("banghist") }) {
                lines.insert(contentsOf: zshBangHistory.split(separator: "\n"), at: options + 1)
            }
            return lines.joined(separator: "\n") + "\n"
        case .fish:
            return script + "\n" + fishHelpers
        default:
            return script + "\n" + bashHelpers
        }
    }

    /// bash: `__prefs_add_completions -W WORDS` offers the lines of WORDS that start with the
    /// word typed, `-f` the files and `-d` the folders whose paths do; nothing is expanded but
    /// the glob prefs builds itself from the typed word, quoted. Each candidate is quoted for
    /// the word it goes into, and bash's own filename quoting is turned off: for a name that is
    /// not a file in the current folder it leaves `$` and `` ` `` unquoted on purpose, so a key
    /// named `$(cmd)` would run `cmd` when the completed line runs.
    private static let bashHelpers = #"""
        # prefs: candidates are data. They are read line by line and compared as text, never
        # handed to compgen -W, which would expand $(…), `…`, $((…)), ${…} and globs in them,
        # and each is quoted for the word it completes.

        # The word typed so far as the command will receive it (quotes and backslashes removed)
        # in REPLY, and the quote it leaves open, if any, in quote (the caller's local).
        __prefs_unquoted() {
            local -r word="${1}"
            local character
            local escaped=false
            local -i index
            REPLY=''
            quote=''
            for ((index = 0; index < ${#word}; index++)); do
                character="${word:index:1}"
                if "${escaped}"; then
                    REPLY+="${character}"
                    escaped=false
                elif [[ "${character}" == '\' && "${quote}" != "'" ]]; then
                    escaped=true
                elif [[ -n "${quote}" ]]; then
                    if [[ "${character}" == "${quote}" ]]; then quote=''; else REPLY+="${character}"; fi
                elif [[ "${character}" == [\"\'] ]]; then
                    quote="${character}"
                else
                    REPLY+="${character}"
                fi
            done
        }

        # Adds the candidate ${1} to COMPREPLY as it must be inserted: inside the quote the word
        # leaves open, or else with printf %q (but a leading ~/, which stays the home folder),
        # which writes a ! as \!, as history expansion needs.
        # Readline closes an open quote after a lone match unless the match ends with that quote
        # character, as an escaped one can: then the candidate closes it itself.
        __prefs_offer() {
            local candidate="${1}"
            case "${quote}" in
            "'")
                candidate="${candidate//\'/\'\\\'\'}"
                ;;
            '"')
                candidate="${candidate//\\/\\\\}"
                candidate="${candidate//\$/\\\$}"
                candidate="${candidate//\`/\\\`}"
                candidate="${candidate//\"/\\\"}"
                # Interactive bash expands a history reference (!!, !-1, !x) even inside
                # double quotes; a ! is written \! between the quotes, closed around it.
                candidate="${candidate//!/\"\\!\"}"
                ;;
            *)
                if [[ "${candidate}" == '~/'?* ]]; then
                    printf -v candidate '~/%q' "${candidate:2}"
                else
                    printf -v candidate %q "${candidate}"
                fi
                ;;
            esac
            [[ -n "${quote}" && "${candidate}" == *"${quote}" ]] && candidate+="${quote}"
            COMPREPLY+=("${candidate}")
        }

        __prefs_add_completions() {
            local REPLY quote
            # The word as typed, not bash's ${cur}, which has lost the quote it opens with.
            __prefs_unquoted "${COMP_WORDS[COMP_CWORD]}"
            local -r typed="${REPLY}"
            local candidate
            case "${1}" in
            -W)
                while IFS='' read -r candidate; do
                    [[ -n "${candidate}" && "${candidate}" == "${typed}"* ]] && __prefs_offer "${candidate}"
                done <<<"${2}"
                ;;
            -f | -d)
                # A leading ~ or ~/ outside quotes is the home folder, as compgen -f reads it;
                # the candidates keep the ~.
                local home='' prefix="${typed}"
                if [[ -z "${quote}" && ("${typed}" == '~' || "${typed}" == '~/'*) ]]; then
                    home="${HOME%/}"
                    prefix="${home}${typed:1}"
                fi
                local -r options="$(shopt -p nullglob failglob dotglob nocaseglob; shopt -po noglob)"
                shopt -s nullglob
                shopt -u failglob dotglob nocaseglob
                set +o noglob
                local path
                for path in "${prefix}"*; do
                    [[ "${path##*/}" == '.' || "${path##*/}" == '..' ]] && continue
                    [[ "${1}" == -d && ! -d "${path}" ]] && continue
                    [[ -d "${path}" ]] && path+='/'
                    [[ -n "${home}" ]] && path="~${path:${#home}}"
                    __prefs_offer "${path}"
                done
                # shopt -p prints the commands that restore each option as it was.
                eval "${options}"
                ;;
            esac
            # The candidates are quoted already; a folder is completed without a space after it,
            # so that Tab goes on into it.
            compopt +o filenames 2>/dev/null
            [[ ${#COMPREPLY[@]} -eq 1 && "${COMPREPLY[0]}" == */ ]] && compopt -o nospace 2>/dev/null
            return 0
        }

        """#

    /// zsh: each line of prefs' answer is one word for `compadd`, which matches it against the
    /// word typed and quotes it as it inserts it, but a leading `~/`, given as an unquoted
    /// prefix so that the path stays in the home folder; swift-argument-parser ends the answer
    /// with a line of its own, which is dropped.
    private static let zshHelpers = #"""
        # prefs: candidates are data. Each line prefs prints is one word for compadd, which
        # quotes it on insertion; _describe would read a ':' in it as a description.
        __prefs_custom_complete() {
            local -a completions
            completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
            completions=("${(@)${(@)completions[1,-2]}:#}")
            local -a home=("${(@M)completions:#\~/*}")
            completions=("${(@)completions:#\~/*}")
            local -i ret=1
            (( ${#completions[@]} )) && compadd -- "${completions[@]}" && ret=0
            # A path in the home folder keeps its ~/ unquoted, so that the shell expands it.
            (( ${#home[@]} )) && compadd -P '~/' -- "${(@)home#\~/}" && ret=0
            return ret
        }

        """#

    /// zsh: `compadd`, and `_files` through it, quote a `!` in what they insert (as `\!`) only
    /// while `banghist` is on, and swift-argument-parser's `_prefs` turns it off: a key or a
    /// file named `A!!` went in as it is, and at Enter history expansion put the last line in
    /// its place. These lines, after that, turn it back on for the rest of `_prefs` if the
    /// user has it on (compsys keeps the user's options in `_comp_caller_options`); with it
    /// off, a `\!` inside `"` would stay a backslash and a `!`.
    private static let zshBangHistory = #"""
            # prefs: a ! in a name is quoted as history expansion needs, if the user has it.
            [[ "${_comp_caller_options[banghist]:-on}" == on ]] && setopt banghist
        """#

    /// fish: candidates from a command substitution are already data, one a line; fish 3
    /// refuses `commandline -C` (the cursor) where it completes without a terminal and
    /// tokenizes with `-o`, which removes quotes, so the cursor is read as the length of the
    /// current token before it, and fish 3's tokens are quoted again for prefs to read.
    private static let fishHelpers = #"""
        # prefs: the cursor's place in the current word, whatever fish's version; fish 3's
        # tokens quoted again as typed, for prefs to unquote.
        function __prefs_tokens
            if contains -- -tC $argv
                string length -- "$(commandline -ct)"
            else if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
                commandline --tokens-raw $argv
            else if contains -- -p $argv
                string escape -- (commandline -o $argv)
            else
                commandline -o $argv
            end
        end

        """#
}
