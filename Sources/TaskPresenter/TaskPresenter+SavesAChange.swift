extension TaskPresenter {
    /// Whether `line` is a command that saves a change to the store when it succeeds (`add`, `rm`,
    /// `undo`, …), as opposed to one that only shows something (`list`, `help`) or none at all.
    ///
    /// The view asks when it could not show the result: a change that succeeded is saved whatever
    /// became of its output, and the user must not be led to make it twice.
    public static func savesAChange(_ line: String) -> Bool {
        guard let command = try? CommandParser.parse(line[...]) else { return false }
        return command.isChange
    }
}
