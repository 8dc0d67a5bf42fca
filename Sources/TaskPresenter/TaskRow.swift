/// One line of the list as the view shows it: the number the user types, the text, the marks.
public struct TaskRow: Sendable, Hashable {
    /// The number shown in front of the task, from 1: its place in the whole list.
    public var number: Int
    /// The UTF-8 of the task's text exactly as stored (the view escapes control characters);
    /// for rows of a `TaskRows`, a slice of the list's shared buffer of texts.
    public var utf8: ArraySlice<UInt8>
    /// Whether the row shows a star.
    public var isFavorite: Bool
    /// Whether the row shows the task as done.
    public var isDone: Bool

    /// The task's text exactly as stored, made from `utf8` when read.
    public var text: String {
        get { String(decoding: utf8, as: UTF8.self) }
        set { utf8 = ArraySlice(newValue.utf8) }
    }

    /// Creates a row.
    public init(number: Int, text: String, isFavorite: Bool, isDone: Bool = false) {
        self.init(number: number, utf8: ArraySlice(text.utf8), isFavorite: isFavorite, isDone: isDone)
    }

    /// Creates a row from the UTF-8 of its text (invalid UTF-8 reads as U+FFFD in `text`).
    public init(number: Int, utf8: ArraySlice<UInt8>, isFavorite: Bool, isDone: Bool = false) {
        self.number = number
        self.utf8 = utf8
        self.isFavorite = isFavorite
        self.isDone = isDone
    }
}
