import Foundation
import TaskModel
import TaskSQLite
import TaskPresenter
import TaskTerminal

// `make bench`'s in-process figures: what one REPL command costs on a 10,000-task store, from the
// line typed to the re-rendered list in a buffer. Prints a table, or JSON with --json.

/// A view that renders what it is given into memory, as the terminal view would.
final class BufferView: TaskView {
    let formatter = ListFormatter(columns: 120, emptyListText: "No tasks.")
    var rendered: [UInt8] = []

    func display(rows: TaskRows) {
        let source: ListFormatter.RowSource = { body in
            rows.forEachRow { number, text, isFavorite, isDone, details in
                body(number, text, isFavorite, isDone, details.map {
                    RowDetails(tags: $0.tags, due: $0.due, isOverdue: $0.isOverdue, isRecurring: $0.isRecurring)
                })
            }
        }
        formatter.write(largestNumber: rows.largestNumber, emptyText: rows.emptyText, rows: source) {
            rendered.append(contentsOf: $0)
        }
    }
    func display(message: Message) { rendered += message.text.escapingControlCharacters().utf8 }
    func display(help: String) { rendered += help.utf8 }
}

/// One measured figure.
struct Figure: Codable {
    var name: String
    var median: Double
    var target: Double
}

func median(_ runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

let folder = NSTemporaryDirectory() + "tasks-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
let database = try SQLiteStorage(path: folder + "/tasks.sqlite")
try database.write { store in
    for index in 0..<10_000 { try store.create(text: "Task number \(index): buy milk and call mom") }
}
let view = BufferView()
let presenter = TaskPresenter(storage: database)
presenter.view = view
presenter.showList()

// The same list, half of it with due dates and tags.
let datedDatabase = try SQLiteStorage(path: folder + "/dated.sqlite")
let datedPresenter = TaskPresenter(storage: datedDatabase)
datedPresenter.view = view
for index in 0..<10_000 {
    _ = datedPresenter.handle(line: "add Task number \(index): buy milk and call mom"
        + (index % 2 == 0 ? " due:\(1 + index % 28)d +home" : ""))
}
datedPresenter.showList()

let runs = 41

/// The median time of entering `line` at the prompt and rendering what it shows.
@MainActor
func figure(_ name: String, _ line: String, on presenter: TaskPresenter = presenter) -> Figure {
    Figure(name: name, median: median(runs) {
        view.rendered.removeAll(keepingCapacity: true)
        _ = presenter.handle(line: line)
    }, target: 0.005)
}

let figures = [
    figure("REPL `fav 1` + re-render 10k rows", "fav 1"),
    figure("REPL `add x` + re-render 10k rows", "add x"),
    figure("REPL `list` (render 10k rows)", "list"),
    figure("REPL `mv 10000 1` + re-render 10k rows", "mv 10000 1"),
    figure("REPL `done 5000` + re-render 10k rows", "done 5000"),
    figure("REPL `find number 5` + render the matches", "find number 5"),
    figure("REPL `done 5000` + re-render 10k rows, half with dates and tags", "done 5000", on: datedPresenter),
    figure("REPL `due 5001 fri` + re-render 10k rows, half with dates and tags", "due 5001 fri", on: datedPresenter),
]

if CommandLine.arguments.contains("--json") {
    let data = try JSONEncoder().encode(figures)
    print(String(decoding: data, as: UTF8.self))
} else {
    for figure in figures {
        print(figure.name, String(format: "%.2f ms (target %.0f ms)", figure.median * 1000, figure.target * 1000))
    }
}
