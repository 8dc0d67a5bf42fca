import ArgumentParser
import Foundation

/// The command line as swift-argument-parser defines it in `TasksCommand`, read from the
/// description the parser gives of it (what `--experimental-dump-help` prints): the one source of
/// the flags' names, values and help for the man page and the completion scripts.
struct CommandLineInterface {
    /// A flag or an option.
    struct Flag: Equatable {
        /// Its spellings, as typed: `--db`; `-h`, `--help`.
        var names: [String]
        /// The name of its value (`path`), nil for a flag that takes none.
        var valueName: String?
        /// The values it accepts when they are a fixed set (`man`, `bash`, …); empty otherwise.
        var values: [String]
        /// Whether its value is a file.
        var takesFile: Bool
        /// Its help, one sentence or two.
        var help: String
    }

    /// The program's name (`tasks`).
    var name: String
    /// What it is, in one sentence (`A to-do list for the terminal.`).
    var abstract: String
    /// Its usage line, as `--help` shows it, without `USAGE: `.
    var usage: String
    /// The flags and options shown in `--help`, in its order.
    var flags: [Flag]

    /// The command line of `TasksCommand`.
    static var tasks: CommandLineInterface {
        // The parser's own description is JSON made by the parser itself: failing to read it is a
        // programming error that every test of the man page and the scripts would show.
        guard let description = try? JSONDecoder().decode(Description.self, from: Data(dumpedHelp.utf8))
        else { preconditionFailure("swift-argument-parser's description of the command line cannot be read") }
        let command = description.command
        let flags = (command.arguments ?? []).filter { $0.shouldDisplay && $0.kind != "positional" }.map { argument in
            Flag(names: (argument.names ?? []).map { ($0.kind == "long" ? "--" : "-") + $0.name },
                 valueName: argument.kind == "option" ? argument.valueName : nil,
                 values: argument.allValues ?? [],
                 takesFile: argument.completionKind?.file != nil,
                 help: argument.abstract ?? "")
        }
        return CommandLineInterface(name: command.commandName, abstract: command.abstract ?? "",
                                    usage: TasksCommand.usageString(), flags: flags)
    }

    /// The parser's description of the command line, as its documented `--experimental-dump-help`
    /// asks for it: parsing that flag ends in the request, whose message is the description.
    private static var dumpedHelp: String {
        do {
            _ = try TasksCommand.parse(["--experimental-dump-help"])
            return ""
        } catch {
            return TasksCommand.fullMessage(for: error)
        }
    }

    /// The parts of swift-argument-parser's description (`ToolInfoV0`) read here.
    private struct Description: Decodable {
        struct Command: Decodable {
            var commandName: String
            var abstract: String?
            var arguments: [Argument]?
        }
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            struct CompletionKind: Decodable {
                struct File: Decodable {}
                var file: File?
            }
            var kind: String
            var shouldDisplay: Bool
            var names: [Name]?
            var valueName: String?
            var allValues: [String]?
            var completionKind: CompletionKind?
            var abstract: String?
        }
        var command: Command
    }
}
