import Foundation
import TaskModel

/// The stored tasks that a file's task without an identity (a todo.txt or Markdown line another
/// program wrote) reads the same as, so that importing the same file again adds nothing: the same
/// text byte for byte, done or not, favourite or not, the same due date (a timed one to the second,
/// as every format writes it), tags and recurrence, and the same fields of the file's own format
/// (a todo.txt priority). Times of creation and checking off are not compared: a file may not give
/// them, and then reading it gives the time of the import.
///
/// Each stored task is taken at most once, in list order, so a line given twice is added once
/// more when the list holds it once. Stored tasks are found by a hash of what is compared, not by
/// comparing each line with each task: an import of 100,000 lines into as many tasks stays linear.
public struct ContentMatch {
    private let stored: TaskList
    /// Stored indices by the hash of what is compared, each array in list order, taken ones removed.
    private var candidates: [Int: [Int]] = [:]
    /// Stored indices by the hash of their text alone, in list order, for `takeByText`.
    private var byText: [Int: [Int]] = [:]
    /// The stored indices taken so far, by either way.
    private var taken = Set<Int>()

    /// The live tasks of `stored`, except those with an identity in `excluded` (the file names
    /// them by their identity).
    public init(_ stored: TaskList, excluding excluded: Set<TaskItem.ID>) {
        self.stored = stored
        var candidates: [Int: [Int]] = [:]
        var byText: [Int: [Int]] = [:]
        candidates.reserveCapacity(stored.count)
        byText.reserveCapacity(stored.count)
        stored.forEachTask { index, text, flags in
            guard excluded.isEmpty || !excluded.contains(stored.id(at: index)) else { return }
            candidates[Self.hash(text: text, isDone: flags.isDone, isFavorite: flags.isFavorite, due: flags.due,
                                 tags: flags.tags), default: []].append(index)
            byText[Self.hash(text: text), default: []].append(index)
        }
        self.candidates = candidates
        self.byText = byText
    }

    /// The index in the stored list of the first task not taken yet that reads as `task`, now taken;
    /// nil when there is none.
    public mutating func take(_ task: TaskImport) -> Int? {
        var text = task.text
        let hash = text.withUTF8 {
            Self.hash(text: $0, isDone: task.doneAt != nil, isFavorite: task.isFavorite, due: task.due, tags: task.tags)
        }
        guard let indices = candidates[hash],
              let position = indices.firstIndex(where: { Self.reads(task, as: stored[$0]) }) else { return nil }
        let index = indices[position]
        candidates[hash]?.remove(at: position)
        taken.insert(index)
        return index
    }

    /// The index of the first stored task not taken yet, by either way, whose text is `task`'s byte
    /// for byte, now taken; nil when there is none. Asked for the tasks `take` found no match for,
    /// once it has been asked for every task: a line whose task was checked off, re-dated or
    /// retagged here since is that task, which the import then updates, rather than a new one.
    public mutating func takeByText(_ task: TaskImport) -> Int? {
        var text = task.text
        let hash = text.withUTF8 { Self.hash(text: $0) }
        guard let indices = byText[hash], let position = indices.firstIndex(where: {
            !taken.contains($0) && stored.text(at: $0).utf8.elementsEqual(task.text.utf8)
        }) else { return nil }
        let index = indices[position]
        byText[hash]?.remove(at: position)
        taken.insert(index)
        return index
    }

    private static func hash(text: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        return hasher.finalize()
    }

    /// Whether `task` says the same of itself as `item` does, by what a file carries.
    private static func reads(_ task: TaskImport, as item: TaskItem) -> Bool {
        task.text.utf8.elementsEqual(item.text.utf8) && (task.doneAt != nil) == item.isDone
            && task.isFavorite == item.isFavorite && task.recurrence == item.recurrence
            && sameDue(task.due, item.due)
            && task.tags.elementsEqual(item.tags) { $0.utf8.elementsEqual($1.utf8) }
            && task.foreign.allSatisfy { format, fields in (fields.isEmpty ? nil : fields) == item.foreign[format] }
    }

    private static func sameDue(_ first: Due?, _ second: Due?) -> Bool {
        switch (first, second) {
        case let (.instant(first)?, .instant(second)?): Timestamps.wholeSeconds(first) == Timestamps.wholeSeconds(second)
        default: first == second
        }
    }

    private static func hash(text: UnsafeBufferPointer<UInt8>, isDone: Bool, isFavorite: Bool, due: Due?,
                             tags: [String]) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        hasher.combine(isDone)
        hasher.combine(isFavorite)
        switch due {
        case let .day(day)?: hasher.combine(day)
        case let .instant(instant)?: hasher.combine(Timestamps.wholeSeconds(instant))
        case nil: hasher.combine(0 as UInt8)
        }
        hasher.combine(tags.count)
        for var tag in tags {
            tag.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(0xFF as UInt8) // no UTF-8 byte: `ab`,`c` and `a`,`bc` hash apart
        }
        return hasher.finalize()
    }
}
