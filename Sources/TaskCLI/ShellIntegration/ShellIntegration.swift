import TaskModel
import TaskPresenter

/// What the man page and the completion scripts ask of the program itself.
enum ShellIntegration {
    /// Prints `file` (`--generate`); returns the exit status.
    static func print(_ file: GeneratedFile) -> Int32 {
        let output = OutputStreams()
        output.write(file.text, to: .output)
        return output.finish(status: 0)
    }

    /// Prints the numbers and texts of the tasks in the store named by `db` or the environment,
    /// for a completion script (`--complete-task-numbers`); nothing when there is no such store,
    /// which is then not created either; with `width`, each text as the entry bash lists
    /// (`TaskNumbersView`). Returns the exit status.
    static func printTaskNumbers(db: String?, width: Int?) -> Int32 {
        let output = OutputStreams()
        guard let path = Locations.databasePath(option: db),
              let database = try? StoreOpener.open(path, creating: false)
        else { return output.finish(status: 1) }
        let presenter = TaskPresenter(storage: database, rendersAfterChanges: false)
        let view = TaskNumbersView(presenter: presenter, output: output, entryWidth: width)
        presenter.showList()
        database.close()
        return withExtendedLifetime(view) { output.finish(status: 0) }
    }
}
