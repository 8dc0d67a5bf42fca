import TaskPresenter

/// The zsh completion script (`tasks --generate zsh`, installed as `_tasks`): flags with their
/// help, the file after `--db`, command names with what they do, and after a command that takes
/// task numbers, the numbers of the store the line names with their texts.
struct ZshCompletionScript {
    /// The command line (flags and options).
    var interface: CommandLineInterface
    /// The commands of the `tasks` language.
    var commands: [CommandReference]

    /// The script.
    var text: String {
        let function = "_" + interface.name
        return #"""
            #compdef \#(interface.name)
            # zsh completion for \#(interface.name). Made by `\#(interface.name) --generate zsh`: change the program, not this file.

            # Offers the task numbers of the store the line names, with their texts, in the list's order.
            \#(function)_numbers() {
                setopt localoptions extendedglob
                # opt_args holds the word as typed, each `\` and `:` in it escaped by one more backslash
                # (`dir\\ with\\ space`): undo that escaping, then the word's own quoting.
                local program=${(Q)command_name} store=${(Q)${opt_args[\#(storeOption)]//(#b)\\(?)/$match[1]}} line
                local -a store_option numbers
                [[ $program == '~'* ]] && program=$HOME${program#'~'}
                [[ $store == '~'* ]] && store=$HOME${store#'~'}
                [[ -n $store ]] && store_option=(\#(storeOption) "$store")
                for line in "${(@f)$("$program" "${store_option[@]}" --complete-task-numbers 2>/dev/null)}"; do
                    # _describe reads a backslash in a description as an escape: double it.
                    [[ -n $line ]] && numbers+=("${line%%$'\t'*}:${${line#*$'\t'}//\\/\\\\}")
                done
                _describe -V -t task-numbers 'task number' numbers
            }

            # Offers the commands' names, each with what it does.
            \#(function)_commands() {
                local -a commands=(
            \#(commands.flatMap(describedSpellings).joined(separator: "\n"))
                )
                _describe -V -t commands command commands
            }

            \#(function)() {
                local curcontext=$curcontext state state_descr line command_name=${words[1]}
                local -A opt_args
                local -i ret=1
                _arguments -s -S -C : \
            \#(interface.flags.map(argumentSpecification).joined(separator: " \\\n"))\#(interface.flags.isEmpty ? "" : " \\")
                    '*:: :->command' && ret=0
                [[ $state == command ]] || return ret
                if ((CURRENT == 1)); then
                    \#(function)_commands && ret=0
                    return ret
                fi
                # CURRENT - 1 is the position of the word being completed among the command's arguments.
                case ${words[1]} in
            \#(commands.compactMap(argumentCase).joined(separator: "\n"))
                esac
                return ret
            }

            if [[ ${funcstack[1]} == \#(function) ]]; then
                \#(function) "$@"
            else
                compdef \#(function) \#(interface.name)
            fi

            """#
    }

    /// The option whose value is the store (`--db`): the one that takes a file.
    private var storeOption: String {
        interface.flags.first { $0.takesFile }?.names.last ?? "--db"
    }

    /// `'name:summary'` for each spelling of `command`, for `_describe`.
    private func describedSpellings(_ command: CommandReference) -> [String] {
        command.spellings.map { "        " + ($0.replacing(":", with: #"\:"#) + ":" + command.summary).shellQuoted }
    }

    /// The `_arguments` specification of a flag: `'--db=[help]:path:_files'`, `'(-h --help)'{-h,--help}'[help]'`.
    private func argumentSpecification(_ flag: CommandLineInterface.Flag) -> String {
        let help = "[" + flag.help.replacing(#"\"#, with: #"\\"#).replacing("[", with: #"\["#)
            .replacing("]", with: #"\]"#).replacing(":", with: #"\:"#) + "]"
        var value = ""
        if let valueName = flag.valueName {
            let action = flag.takesFile ? "_files" : "(" + flag.values.joined(separator: " ") + ")"
            value = ":" + valueName + ":" + action
        }
        let suffix = (flag.valueName == nil ? "" : "=") + help + value
        let exclusion = flag.names.count > 1 ? "(" + flag.names.joined(separator: " ") + ")" : ""
        return "        " + flag.names.map { (exclusion + $0 + suffix).shellQuoted }.joined(separator: " ")
    }

    /// The `case` branch completing the arguments of `command`, nil when they are free text.
    private func argumentCase(_ command: CommandReference) -> String? {
        let function = "_" + interface.name
        let action: String
        switch command.arguments {
        case .none, .role, .address: return nil
        case .taskNumbers: action = "\(function)_numbers && ret=0"
        case .file: action = "_files && ret=0"
        case let .leadingTaskNumbers(count): action = "((CURRENT - 1 <= \(count))) && \(function)_numbers && ret=0"
        case .commandName: action = "((CURRENT == 2)) && \(function)_commands && ret=0"
        }
        return "        \(command.spellings.map(\.shellQuoted).joined(separator: "|"))) \(action) ;;"
    }
}
