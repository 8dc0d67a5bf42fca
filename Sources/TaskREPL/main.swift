import Glibc
import TaskTerminal

// The entry point: a UTF-8 locale for libedit and wcwidth, then flags, mode, run, exit status.
TerminalLocale.useUTF8()
exit(TasksCommand.start(arguments: Array(CommandLine.arguments.dropFirst())))
