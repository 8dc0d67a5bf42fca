import TaskPresenter

/// A task of the reference model; equal to another only when the texts are the same bytes
/// (Swift's `==` on strings would call `é` and `e` + combining accent equal).
struct ReferenceTask: Equatable, CustomStringConvertible {
    var text: String
    var isFavorite: Bool

    init(text: String, isFavorite: Bool) {
        self.text = text
        self.isFavorite = isFavorite
    }

    /// The task a presenter's row shows.
    init(_ row: TaskRow) {
        self.init(text: row.text, isFavorite: row.isFavorite)
    }

    static func == (lhs: ReferenceTask, rhs: ReferenceTask) -> Bool {
        lhs.isFavorite == rhs.isFavorite && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    var description: String {
        (isFavorite ? "★" : "") + String(reflecting: text)
    }
}
