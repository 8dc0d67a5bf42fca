import TaskPresenter

/// A task of the reference model; equal to another only when the texts are the same bytes
/// (Swift's `==` on strings would call `é` and `e` + combining accent equal).
struct ReferenceTask: Equatable, CustomStringConvertible {
    var text: String
    var isFavorite: Bool
    var isDone: Bool

    init(text: String, isFavorite: Bool = false, isDone: Bool = false) {
        self.text = text
        self.isFavorite = isFavorite
        self.isDone = isDone
    }

    /// The task a presenter's row shows.
    init(_ row: TaskRow) {
        self.init(text: row.text, isFavorite: row.isFavorite, isDone: row.isDone)
    }

    static func == (lhs: ReferenceTask, rhs: ReferenceTask) -> Bool {
        lhs.isFavorite == rhs.isFavorite && lhs.isDone == rhs.isDone && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    var description: String {
        (isFavorite ? "★" : "") + (isDone ? "✓" : "") + String(reflecting: text)
    }
}
