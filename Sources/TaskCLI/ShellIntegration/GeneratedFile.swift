import ArgumentParser
import TaskPresenter

/// What `--generate` prints: the man page or a shell's completion script, each made from the
/// command line's definitions and the presenter's commands, so that none can drift from the program.
enum GeneratedFile: String, CaseIterable, ExpressibleByArgument {
    /// The man page, `tasks.1`.
    case man
    /// The bash completion script.
    case bash
    /// The zsh completion script, `_tasks`.
    case zsh
    /// The fish completion script, `tasks.fish`.
    case fish

    /// The file's text.
    var text: String {
        let interface = CommandLineInterface.tasks
        let commands = CommandReference.all
        switch self {
        case .man: return ManualPage(interface: interface, version: TasksCommand.configuration.version).text
        case .bash: return BashCompletionScript(interface: interface, commands: commands).text
        case .zsh: return ZshCompletionScript(interface: interface, commands: commands).text
        case .fish: return FishCompletionScript(interface: interface, commands: commands).text
        }
    }
}
