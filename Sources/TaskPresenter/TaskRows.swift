import TaskModel

/// The numbered list the presenter hands to the view: row N is the task that number N stands for.
/// A value sharing the presenter's `TaskList`; each row is made when read, its text not copied.
public struct TaskRows: RandomAccessCollection, Sendable {
    private let list: TaskList

    /// The rows showing `list`, numbered from 1.
    public init(_ list: TaskList) {
        self.list = list
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { list.count }

    public subscript(index: Int) -> TaskRow {
        TaskRow(number: index + 1, utf8: list.utf8Text(at: index), isFavorite: list.isFavorite(at: index))
    }

    /// Calls `body` with each row's number, the UTF-8 of its text (valid only during the call)
    /// and its star, in order, making no `TaskRow`s: how a view renders a long list quickly.
    public func forEachRow(_ body: (_ number: Int, _ utf8Text: UnsafeBufferPointer<UInt8>, _ isFavorite: Bool) -> Void) {
        list.forEachTask { index, text, isFavorite in body(index + 1, text, isFavorite) }
    }
}
