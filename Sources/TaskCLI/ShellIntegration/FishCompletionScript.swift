import TaskPresenter

/// The fish completion script (`tasks --generate fish`): flags with their help, the file after
/// `--db`, command names with what they do, and after a command that takes task numbers, the
/// numbers of the store the line names with their texts.
struct FishCompletionScript {
    /// The command line (flags and options).
    var interface: CommandLineInterface
    /// The commands of the `tasks` language.
    var commands: [CommandReference]

    /// The script.
    var text: String {
        let name = interface.name
        let prefix = "__" + name
        let options = interface.flags.filter { $0.valueName != nil }
        let numbered = commands.filter(\.arguments.includesTaskNumbers)
        let filed = commands.filter { $0.arguments == .file }.flatMap(\.spellings)
        return #"""
            # fish completion for \#(name). Made by `\#(name) --generate fish`: change the program, not this file.

            # The command and its arguments before the cursor, one a line: the words that are neither
            # flags nor an option's value (all words after `--`).
            function \#(prefix)_command_words
                set -l option
                set -l dashes
                for word in (commandline -opc)[2..-1]
                    if set -q option[1]
                        set -e option
                        continue
                    end
                    if not set -q dashes[1]
                        switch $word
                            case --
                                set dashes 1
                                continue
                            case \#(options.flatMap(\.names).map(\.fishQuoted).joined(separator: " "))
                                set option $word
                                continue
                            case '-*'
                                continue
                        end
                    end
                    printf '%s\n' $word
                end
            end

            # Whether the word being completed is a command name: the first word, or the one after `help`.
            function \#(prefix)_wants_command
                set -l words (\#(prefix)_command_words)
                switch (count $words)
                    case 0
                        return 0
                    case 1
                        contains -- $words[1] \#(commands.filter { $0.arguments == .commandName }.flatMap(\.spellings).map(\.fishQuoted).joined(separator: " "))
                        return
                end
                return 1
            end

            # Whether the word being completed is a task number.
            function \#(prefix)_wants_task_number
                set -l words (\#(prefix)_command_words)
                set -q words[1]; or return 1
                # (count $words) is the position of the word being completed among the command's arguments.
                switch $words[1]
            \#(numbered.map(numberCase).joined(separator: "\n"))
                end
                return 1
            end

            # The task numbers of the store the line names, each with its text after a tab.
            function \#(prefix)_task_numbers
                set -l words (commandline -opc)
                set -l program (string replace -r '^~(?=/|$)' -- $HOME $words[1])
                set -l store_option
                set -l next
                for word in $words[2..-1]
                    if set -q next[1]
                        set store_option \#(storeOption.fishQuoted) (string replace -r '^~(?=/|$)' -- $HOME $word)
                        break
                    end
                    switch $word
                        case --
                            break
                        case \#(storeOption.fishQuoted)
                            set next 1
                        case \#((storeOption + "=*").fishQuoted)
                            set store_option \#(storeOption.fishQuoted) (string replace -r '^[^=]*=~(?=/|$)' -- $HOME (string replace -r '^[^=]*=' '' -- $word))
                            break
                    end
                end
                $program $store_option --complete-task-numbers 2>/dev/null
            end

            complete -c \#(name) -f
            \#(interface.flags.map(flagCompletion).joined(separator: "\n"))
            \#(commands.flatMap(commandCompletions).joined(separator: "\n"))
            complete -c \#(name) -n \#(prefix)_wants_task_number -k -a '(\#(prefix)_task_numbers)'
            complete -c \#(name) -n \#(("__fish_seen_subcommand_from " + filed.joined(separator: " ")).fishQuoted) -F

            """#
    }

    /// The option whose value is the store (`--db`): the one that takes a file.
    private var storeOption: String {
        interface.flags.first { $0.takesFile }?.names.last ?? "--db"
    }

    /// The `complete` line of a flag: its names, its value (a file, one of a set) and its help.
    private func flagCompletion(_ flag: CommandLineInterface.Flag) -> String {
        var words = ["complete", "-c", interface.name]
        for name in flag.names {
            words += name.hasPrefix("--") ? ["-l", String(name.dropFirst(2))] : ["-s", String(name.dropFirst())]
        }
        if flag.valueName != nil {
            words += flag.takesFile ? ["-r", "-F"] : ["-x", "-a", flag.values.joined(separator: " ").fishQuoted]
        }
        return (words + ["-d", flag.help.fishQuoted]).joined(separator: " ")
    }

    /// The `complete` lines offering each spelling of `command` with what it does.
    private func commandCompletions(_ command: CommandReference) -> [String] {
        command.spellings.map {
            "complete -c \(interface.name) -n __\(interface.name)_wants_command -a \($0.fishQuoted) -d \(command.summary.fishQuoted)"
        }
    }

    /// The `switch` branch saying whether the word being completed is one of `command`'s task numbers.
    private func numberCase(_ command: CommandReference) -> String {
        let test: String
        switch command.arguments {
        case let .leadingTaskNumbers(count): test = "test (count $words) -le \(count)"
        case .none, .commandName, .taskNumbers, .file, .role, .address: test = "true"
        }
        return """
                    case \(command.spellings.map(\.fishQuoted).joined(separator: " "))
                        \(test)
                        return
            """
    }
}
