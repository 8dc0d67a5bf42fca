import TaskPresenter
import TaskTestSupport

/// A view that records, in order, everything the presenter hands it.
final class ViewSpy: TaskView {
    /// One thing the view was given.
    enum Received: Hashable, Sendable, CustomStringConvertible {
        case rows([TaskRow])
        case message(Message)
        case help(String)
        case exported(String, to: String?)

        var description: String {
            switch self {
            case let .rows(rows):
                ".rows[" + rows.map { "\($0.number)\($0.isFavorite ? "★" : " ")\($0.isDone ? "✓" : "")\($0.text)" }
                    .joined(separator: " | ") + "]"
            case let .message(message):
                ".\(message.kind)(\(message.text))"
            case let .help(text):
                ".help(\(text.prefix(30))…)"
            case let .exported(text, path):
                ".exported(\(path ?? "stdout"): \(text.prefix(60))…)"
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
    func write(exported bytes: [UInt8], to path: String?) -> FileFailure? {
        received.append(.exported(String(decoding: bytes, as: UTF8.self), to: path))
        if let path { files[path] = bytes }
        return nil
    }
    func read(fileAt path: String?) -> Result<[UInt8], FileFailure> {
        files[path ?? "-"].map { .success($0) } ?? .failure(FileFailure(reason: "No such file or directory"))
    }

    /// The files the presenter can read and has written, by path (`-` for standard input).
    var files: [String: [UInt8]] = [:]

    /// The text of the last export.
    var lastExport: String? {
        received.reversed().lazy.compactMap { if case let .exported(text, _) = $0 { text } else { nil } }.first
    }

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
