import TaskModel

/// The numbered rows the presenter hands to the view: the whole list, or (after `find`) the tasks
/// that match, each with its number in the whole list. A value sharing the presenter's `TaskList`;
/// each row is made when read, its text not copied.
public struct TaskRows: RandomAccessCollection, Sendable {
    private let list: TaskList
    /// The positions in `list` of the rows shown, in order; nil for all of them.
    private let shown: [Int]?
    /// What to say instead of rows when there are none, when the presenter has something to say
    /// (a search that matched nothing); nil when the list itself is empty.
    public let emptyText: String?
    /// The row (an index of these rows) that the change just made touched, or the last row as the
    /// prompt opens; nil when the rows are shown whole for their own sake (`list`, `find`, a
    /// script's or one-shot command's list). A view too short for all the rows may show the ones
    /// around it.
    public let focus: Int?
    /// When the rows are shown: what a due date reads as (`tomorrow`) and whether it is overdue.
    private let dueText: DueText
    /// The index in the whole list of each task of `list`, when `list` holds only some of them (a
    /// one-shot `today` reads only the dated tasks); nil when `list` is the whole list.
    private let listIndices: [Int]?

    /// The rows showing `list`, numbered from 1, or only those at `shown`. With `listIndices`,
    /// `list` holds only some tasks of the list, each numbered by its index there.
    init(_ list: TaskList, shown: [Int]? = nil, listIndices: [Int]? = nil, emptyText: String? = nil, focus: Int? = nil,
         at moment: Moment) {
        self.list = list
        self.shown = shown
        self.listIndices = listIndices
        self.emptyText = emptyText
        self.focus = focus
        dueText = moment.text
    }

    /// The number shown for the task at `position` in `list`.
    private func number(_ position: Int) -> Int { (listIndices?[position] ?? position) + 1 }

    /// The line that stands for rows left out above the ones shown, or below them.
    public func hiddenRowsText(count: Int, above: Bool) -> String {
        let tasks = count == 1 ? "task" : "tasks"
        return above ? "… \(count) \(tasks) above; `ls` shows all" : "… \(count) \(tasks) below"
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { shown?.count ?? list.count }

    public subscript(index: Int) -> TaskRow {
        let position = shown?[index] ?? index
        let task = list[position]
        return TaskRow(number: number(position), utf8: list.utf8Text(at: position), isFavorite: task.isFavorite,
                       isDone: task.isDone,
                       details: details(due: task.due, tags: task.tags, isRecurring: task.recurrence != nil, isDone: task.isDone))
    }

    /// What a row shows after its text; nil for a task with no due date, tags or recurrence.
    private func details(due: Due?, tags: [String], isRecurring: Bool, isDone: Bool) -> TaskRow.Details? {
        var words = DetailWords(dueText: dueText)
        return words.details(due: due, tags: tags, isRecurring: isRecurring, isDone: isDone)
    }

    /// The largest number shown, which sets the width of the number column; nil for no rows.
    public var largestNumber: Int? {
        guard !isEmpty else { return nil }
        // The rows of a view by date are not in list order.
        return number(shown?.max() ?? list.count - 1)
    }

    /// Calls `body` with each row's number, the UTF-8 of its text (valid only during the call),
    /// its star, its done mark and its details, in order, making no `TaskRow`s: how a view renders a
    /// long list quickly.
    public func forEachRow(_ body: RowBody) {
        var words = DetailWords(dueText: dueText)
        list.forEachTask(at: shown) { index, text, flags in
            body(number(index), text, flags.isFavorite, flags.isDone,
                 words.details(due: flags.due, tags: flags.tags, isRecurring: flags.isRecurring, isDone: flags.isDone))
        }
    }

    /// `forEachRow` for the rows at `range` only.
    public func forEachRow(in range: Range<Int>, _ body: RowBody) {
        var words = DetailWords(dueText: dueText)
        list.forEachTask(at: shown.map { Array($0[range]) } ?? Array(range)) { index, text, flags in
            body(number(index), text, flags.isFavorite, flags.isDone,
                 words.details(due: flags.due, tags: flags.tags, isRecurring: flags.isRecurring, isDone: flags.isDone))
        }
    }

    /// What `forEachRow` calls with each row.
    public typealias RowBody = (_ number: Int, _ utf8Text: UnsafeBufferPointer<UInt8>, _ isFavorite: Bool,
                                _ isDone: Bool, _ details: TaskRow.Details?) -> Void
}
