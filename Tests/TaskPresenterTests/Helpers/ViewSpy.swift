import TaskPresenter
import TaskTestSupport

/// A view that records, in order, everything the presenter hands it.
final class ViewSpy: TaskView {
    /// One thing the view was given.
    enum Received: Hashable, Sendable, CustomStringConvertible {
        case rows([TaskRow])
        case message(Message)
        case help(String)

        var description: String {
            switch self {
            case let .rows(rows):
                ".rows[" + rows.map { "\($0.number)\($0.isFavorite ? "★" : " ")\($0.isDone ? "✓" : "")\($0.text)" }
                    .joined(separator: " | ") + "]"
            case let .message(message):
                ".\(message.kind)(\(message.text))"
            case let .help(text):
                ".help(\(text.prefix(30))…)"
            }
        }
    }

    private(set) var received: [Received] = []

    /// What the last rows said instead of rows when there were none, if anything.
    private(set) var lastEmptyText: String?
    /// The row the last rows said a change touched, if any.
    private(set) var lastFocus: Int?

    func display(rows: TaskRows) {
        received.append(.rows(Array(rows)))
        lastEmptyText = rows.emptyText
        lastFocus = rows.focus
    }
    func display(message: Message) { received.append(.message(message)) }
    func display(help: String) { received.append(.help(help)) }
    /// Forgets what was received so far.
    func reset() { received = [] }

    /// The texts of the messages received, in order.
    var messages: [String] {
        received.compactMap { if case let .message(message) = $0 { message.text } else { nil } }
    }

    /// The last rows received.
    var lastRows: [TaskRow]? {
        received.reversed().lazy.compactMap { if case let .rows(rows) = $0 { rows } else { nil } }.first
    }
}
