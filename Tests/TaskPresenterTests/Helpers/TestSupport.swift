import Foundation
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTestSupport

/// A presenter over a fresh in-memory database holding `tasks` (texts; a leading `★ ` marks a favourite),
/// and the spy view it talks to. With `shown`, the list was shown once (and the spy reset since).
/// With `files`, the presenter exports to and imports from them.
func makeSUT(
    tasks: [String] = [], shown: Bool = true, rendersAfterChanges: Bool = true, files: MemoryFiles? = nil,
    clock: TestClock = TestClock()
) throws -> (sut: TaskPresenter, view: ViewSpy) {
    try makeSUT(database: SQLiteStorage.inMemory(), tasks: tasks, shown: shown, rendersAfterChanges: rendersAfterChanges,
                files: files, clock: clock)
}

/// A presenter over `database`, after adding `tasks` to it; see `makeSUT(tasks:shown:rendersAfterChanges:files:)`.
func makeSUT(
    database: any TaskStorage, tasks: [String] = [], shown: Bool = true, rendersAfterChanges: Bool = true,
    files: MemoryFiles? = nil, clock: TestClock = TestClock()
) throws -> (sut: TaskPresenter, view: ViewSpy) {
    try seed(database, with: tasks)
    let sut = TaskPresenter(storage: database, files: files, rendersAfterChanges: rendersAfterChanges,
                            clock: clock.clock)
    let view = ViewSpy()
    sut.view = view
    if shown {
        sut.showList()
        view.reset()
    }
    return (sut, view)
}

/// Adds `tasks` to `database`; a leading `★ ` marks a favourite.
func seed(_ database: any TaskStorage, with tasks: [String]) throws {
    guard !tasks.isEmpty else { return }
    try database.write { store in
        for spec in tasks {
            let isFavorite = spec.hasPrefix("★ ")
            let task = try store.create(text: isFavorite ? String(spec.dropFirst(2)) : spec)
            if isFavorite { try store.toggleFavorite(ids: [task.id]) }
        }
    }
}

/// Rows numbered from 1 for `tasks` (a leading `★ ` marks a favourite, then `✓ ` a done task).
func rows(_ tasks: String...) -> [TaskRow] {
    rows(tasks)
}

/// Rows numbered from 1 for `tasks`, as `rows(_:)` with the specs in an array.
func rows(_ tasks: [String]) -> [TaskRow] {
    tasks.enumerated().map { row(number: $0.offset + 1, $0.element) }
}

/// The rows with these numbers (a search shows some rows only), each spec as in `rows(_:)`.
func rows(_ numbered: (Int, String)...) -> [TaskRow] {
    numbered.map { row(number: $0.0, $0.1) }
}

/// The row numbered `number` for `spec`: its text, after `★ ` for a favourite and `✓ ` for a done task.
private func row(number: Int, _ spec: String) -> TaskRow {
    var text = spec[...]
    let isFavorite = text.hasPrefix("★ ")
    if isFavorite { text = text.dropFirst(2) }
    let isDone = text.hasPrefix("✓ ")
    if isDone { text = text.dropFirst(2) }
    return TaskRow(number: number, text: String(text), isFavorite: isFavorite, isDone: isDone)
}

/// The rows for the tasks in `database` right now, as a fresh presenter would show them.
func storedRows(_ database: any TaskStorage) throws -> [TaskRow] {
    try database.allTasks().enumerated().map {
        TaskRow(number: $0.offset + 1, text: $0.element.text, isFavorite: $0.element.isFavorite,
                isDone: $0.element.isDone)
    }
}
