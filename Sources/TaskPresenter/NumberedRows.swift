import TaskModel

/// The rows a command's numbers are resolved against: the list as shown, or only the rows the
/// numbers name (`NamedRows`), so that a one-shot command that shows nothing reads no more.
protocol NumberedRows {
    /// How many tasks the list holds; at the least, as many as the highest number named.
    var count: Int { get }
    /// The identity of the task at `index` (from 0), one of the rows named.
    func id(at index: Int) -> TaskItem.ID
    /// The text of the task at `index`, one of the rows named.
    func text(at index: Int) -> String
}

extension TaskList: NumberedRows {}

/// The rows of the list that a command's numbers name, read from the store by their indices,
/// without the rows between them.
struct NamedRows: NumberedRows {
    private let tasks: [Int: TaskItem]
    let count: Int

    /// Reads from `store` the rows `command` names. The list's length is asked only when a number
    /// goes beyond the rows found (its error says how long the list is); otherwise what is known is
    /// that the list reaches the highest number named.
    init(for command: Command, in store: any TaskReading) throws {
        let ranges = command.numberRanges
        let found = try store.tasks(at: ranges.map { ($0.lowerBound - 1)...($0.upperBound - 1) })
        // Each range is read as one run from its start: it is all there when its last row is.
        let allFound = ranges.allSatisfy { found[$0.upperBound - 1] != nil }
        tasks = found
        count = allFound ? ranges.map(\.upperBound).max() ?? 0 : try store.count()
    }

    // Resolving a command asks only for rows it names within `count`, all of which were read; a
    // row not read would be named by an identity no task has, which the store refuses.
    func id(at index: Int) -> TaskItem.ID { tasks[index]?.id ?? TaskItem.ID() }
    func text(at index: Int) -> String { tasks[index]?.text ?? "" }
}
