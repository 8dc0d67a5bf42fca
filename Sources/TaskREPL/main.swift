import Glibc
import TaskCLI

exit(TasksProgram.run(arguments: Array(CommandLine.arguments.dropFirst())))
