import TaskPresenter

/// The bash completion script (`tasks --generate bash`): flags, the file after `--db`, command
/// names, and after a command that takes task numbers, the numbers of the store the line names,
/// listed with their texts when there are several.
struct BashCompletionScript {
    /// The command line (flags and options).
    var interface: CommandLineInterface
    /// The commands of the `tasks` language.
    var commands: [CommandReference]

    /// The script.
    var text: String {
        let function = "_" + interface.name
        let options = interface.flags.filter { $0.valueName != nil }
        return #"""
            # bash completion for \#(interface.name). Made by `\#(interface.name) --generate bash`: change the program, not this file.

            # Sets the variable $1 to the word $2 as the shell will read it: quotes removed, ~ expanded.
            # A word that could run something when read ($, `, ;, &, |, <, >, parentheses) is taken as it is.
            \#(function)_unquote() {
                local value=$2
                if [[ $2 != *[\$\`\;\&\|\<\>\(\)]* ]]; then
                    eval "value=$2" 2>/dev/null || value=$2
                fi
                printf -v "$1" %s "$value"
            }

            # Offers the task numbers that start with $cur, each with its text when there are several.
            \#(function)_numbers() {
                local program number entry
                local -a store_option=() numbers=() described=()
                \#(function)_unquote program "${COMP_WORDS[0]}"
                [[ -n $store ]] && store_option=(\#(storeOption) "$store")
                # Each entry is `N  TEXT` one column narrower than the terminal, fitted by the program,
                # which measures wide characters as the terminal shows them.
                while IFS=$'\t' read -r number entry; do
                    [[ $number == "$cur"* ]] || continue
                    numbers+=("$number")
                    described+=("$entry")
                done < <("$program" "${store_option[@]}" --complete-task-numbers --complete-width $((${COLUMNS:-80} - 1)) 2>/dev/null)
                # One number, or menu completion (%) or insertion of them all (*): the numbers alone.
                if ((${#numbers[@]} <= 1)) || [[ $COMP_TYPE == 37 || $COMP_TYPE == 42 ]]; then
                    COMPREPLY=("${numbers[@]}")
                    return
                fi
                # Several: one a line, as wide as the terminal, in the list's order. The common prefix
                # of these entries is that of the numbers, so that is all bash inserts of them.
                COMPREPLY=("${described[@]}")
                compopt -o nosort 2>/dev/null
            }

            # Sets the array `words` to the words of the line before the one being completed, as the
            # shell will read them: bash splits COMP_WORDS at the characters of COMP_WORDBREAKS (`:`
            # and `=` among them) even inside a path, so pieces with no blank between are joined again.
            # The pieces joined to the word being completed stay apart (`--db`, `=`), as bash offers
            # completions for its last piece only.
            \#(function)_words() {
                local rest=$COMP_LINE piece joined
                local -a pieces=()
                local -i i
                words=()
                for ((i = 0; i <= COMP_CWORD; i++)); do
                    piece=${COMP_WORDS[i]}
                    # A piece after a blank starts a word: the pieces before it make one.
                    if ((i == 0)) || [[ $rest == [[:space:]]* ]]; then
                        ((${#pieces[@]})) && printf -v joined %s "${pieces[@]}" && words+=("$joined")
                        pieces=()
                    fi
                    rest=${rest#"${rest%%[![:space:]]*}"}
                    rest=${rest#"$piece"}
                    pieces+=("$piece")
                done
                words+=("${pieces[@]:0:${#pieces[@]}-1}")
            }

            # Offers the files and folders that start with $cur.
            \#(function)_files() {
                if declare -F _filedir >/dev/null; then
                    _filedir
                else
                    compopt -o filenames 2>/dev/null
                    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
                fi
            }

            \#(function)() {
                local cur=${COMP_WORDS[COMP_CWORD]} word option= joined= dashes= store=
                local -a command=() words
                local -i i
                \#(function)_words
                # The words before the cursor: flags, options with their values (`--db PATH`, or
                # `--db=PATH`, which bash splits at the = when it is the word being completed), then
                # the command and its arguments.
                for ((i = 1; i < ${#words[@]}; i++)); do
                    word=${words[i]}
                    if [[ -n $option ]]; then
                        if [[ $word == = && -z $joined ]]; then
                            joined=1
                            continue
                        fi
                        [[ $option == \#(storeOption) ]] && \#(function)_unquote store "$word"
                        option= joined=
                        continue
                    fi
                    if [[ -z $dashes ]]; then
                        case $word in
                            --) dashes=1; continue ;;
                            \#(storeOption.shellQuoted)=*) \#(function)_unquote store "${word#*=}"; continue ;;
                            \#(options.flatMap(\.names).map(\.shellQuoted).joined(separator: "|"))) option=$word; continue ;;
                            -*) continue ;;
                        esac
                    fi
                    command+=("$word")
                done

                if [[ -n $option ]]; then
                    [[ $cur == = && -z $joined ]] && cur=
                    case $option in
            \#(options.map(optionValueCase).joined(separator: "\n"))
                    esac
                    return
                fi
                if [[ -z $dashes && $cur == -* ]]; then
                    mapfile -t COMPREPLY < <(compgen -W \#(interface.flags.flatMap(\.names).joined(separator: " ").shellQuoted) -- "$cur")
                    return
                fi
                if ((${#command[@]} == 0)); then
                    mapfile -t COMPREPLY < <(compgen -W \#(spellings.shellQuoted) -- "$cur")
                    return
                fi
                # ${#command[@]} is the position of the word being completed among the command's arguments.
                case ${command[0]} in
            \#(commands.compactMap(argumentCase).joined(separator: "\n"))
                esac
            }

            complete -F \#(function) \#(interface.name)

            """#
    }

    /// The option whose value is the store (`--db`): the one that takes a file.
    private var storeOption: String {
        interface.flags.first { $0.takesFile }?.names.last ?? "--db"
    }

    /// Every spelling of every command, space-separated.
    private var spellings: String {
        commands.flatMap(\.spellings).joined(separator: " ")
    }

    /// The `case` branch completing the value of `option`.
    private func optionValueCase(_ option: CommandLineInterface.Flag) -> String {
        let action = option.takesFile ? "_\(interface.name)_files"
            : #"mapfile -t COMPREPLY < <(compgen -W \#(option.values.joined(separator: " ").shellQuoted) -- "$cur")"#
        return "            \(option.names.map(\.shellQuoted).joined(separator: "|"))) \(action) ;;"
    }

    /// The `case` branch completing the arguments of `command`, nil when they are free text.
    private func argumentCase(_ command: CommandReference) -> String? {
        let action: String
        switch command.arguments {
        case .none, .role, .address: return nil
        case .taskNumbers: action = "_\(interface.name)_numbers"
        case .file: action = "_\(interface.name)_files"
        case let .leadingTaskNumbers(count): action = "((${#command[@]} <= \(count))) && _\(interface.name)_numbers"
        case .commandName:
            action = #"((${#command[@]} == 1)) && mapfile -t COMPREPLY < <(compgen -W \#(spellings.shellQuoted) -- "$cur")"#
        }
        return "        \(command.spellings.map(\.shellQuoted).joined(separator: "|"))) \(action) ;;"
    }
}
