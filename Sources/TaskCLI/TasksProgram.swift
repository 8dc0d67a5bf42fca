import TaskTerminal
import TaskWidth

/// The program `tasks` as its executable starts it: all of it lives in this library, where unit
/// tests reach it, and the executable only calls `run`.
public enum TasksProgram {
    /// Sets a UTF-8 locale (libedit and `wcwidth` need one), reads `arguments` (without the
    /// program's name), runs the mode they choose and returns the exit status: 0, 1 when a command
    /// failed, 2 on a usage error. A session that ends normally exits from inside, once its output
    /// is flushed and its store closed.
    public static func run(arguments: [String]) -> Int32 {
        TerminalLocale.useUTF8()
        return TasksCommand.start(arguments: arguments)
    }
}
