/// The passive view the presenter talks to. Held `weak` by the presenter; the view prints,
/// the presenter decides. Everything it receives is a value ready to show.
public protocol TaskView: AnyObject {
    /// Shows the numbered list; no rows means the list is empty (the view says how to add one).
    func display(rows: TaskRows)
    /// Shows one message: `.info` goes to standard output, `.error` to standard error.
    func display(message: Message)
    /// Shows help text (one or more lines, no trailing newline).
    func display(help: String)
    /// Shows one message at once, while the command is still running (a view may otherwise hold
    /// its output until the command ends).
    func displayNow(message: Message)
}

extension TaskView {
    public func displayNow(message: Message) {
        display(message: message)
    }
}
