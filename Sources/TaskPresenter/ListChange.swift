import Foundation
import TaskModel

/// A command checked against the list: numbers resolved to tasks, ready to run as one model call
/// (so one undo step, and all or nothing).
enum ListChange {
    /// A task shown at a list position (from 0), with its identity.
    struct Target: Sendable, Hashable {
        /// The position in the list the numbers referred to.
        var index: Int
        /// The task shown there.
        var id: TaskItem.ID
    }

    /// Append a task.
    case add(text: String, attributes: TaskEdit)
    /// Toggle the done flag of each target (each once).
    case toggleDone([Target])
    /// Toggle the favourite flag of each target (each once).
    case toggleFavorite([Target])
    /// Remove each target (each once).
    case remove([Target])
    /// Change the text and what else `edit` names of the target, which reads `shown` on screen.
    case edit(Target, TaskEdit, shown: String)
    /// Set the due date, tags or recurrence of each target (each once).
    case setFields([Target], TaskEdit)
    /// Move the target to list position `destination` (from 0).
    case move(Target, destination: Int, next: Target)
    /// Remove all tasks, or only the done ones.
    case clear(doneOnly: Bool)
    /// Revert the latest change in the history.
    case undo
    /// Re-apply the latest undone change.
    case redo

    /// The tasks a search or view in effect shows (their indices), and the command that set it.
    struct Shown {
        var indices: Set<Int>
        var view: String
    }

    /// Resolves `command`'s numbers against `list`; nil for a command that changes nothing.
    ///
    /// With `shown` (the positions a search in effect shows), a number names only a task shown:
    /// a single number of one that is not is an error, and a range takes the tasks shown in it,
    /// so that `rm 1-4` never removes a task the user could not see. `mv`'s place may be any.
    static func validate(_ command: Command, against list: some NumberedRows, shown: Shown? = nil,
                         clock: Clock) throws(CommandError) -> ListChange? {
        switch command {
        case let .add(text):
            let (plain, attributes) = try read(text, clock: clock)
            guard let plain else { throw .onlyAttributes }
            return .add(text: plain, attributes: attributes)
        case let .due(numbers, date):
            let (due, minute): (Due?, Int?) = if date.lowercased() == "none" { (nil, nil) } else { try Self.due(date, at: clock.moment) }
            return .setFields(try targets(numbers, in: list, shown: shown),
                              TaskEdit(due: .some(due), zone: clock.moment.timeZone.identifier, minuteOfDay: minute))
        case let .every(numbers, period):
            var recurrence: Recurrence?
            if period.lowercased() != "none" {
                do { recurrence = try RecurrenceWords.read(period[...]) } catch { throw .badPeriod(period) }
            }
            return .setFields(try targets(numbers, in: list, shown: shown),
                              TaskEdit(recurrence: .some(recurrence), zone: clock.moment.timeZone.identifier))
        case let .tag(numbers, words):
            var edit = TaskEdit()
            for word in words {
                // `+a` and `@a` add, `-a` and `-@a` remove; `+@a` adds the context too.
                let removes = word.hasPrefix("-")
                let named = removes || word.hasPrefix("+@") ? "+" + word.dropFirst() : word
                guard let tag = AttributeWords.tag(named.hasPrefix("+@") ? named.dropFirst() : named[...]) else {
                    throw .badTag(word)
                }
                if removes { edit.removedTags.append(tag) } else { edit.addedTags.append(tag) }
            }
            return .setFields(try targets(numbers, in: list, shown: shown), edit)
        case let .done(numbers):
            return .toggleDone(try targets(numbers, in: list, shown: shown))
        case let .fav(numbers):
            return .toggleFavorite(try targets(numbers, in: list, shown: shown))
        case let .rm(numbers):
            return .remove(try targets(numbers, in: list, shown: shown))
        case let .edit(number, text):
            let target = try target(number, in: list, shown: shown)
            var (plain, edit) = try read(text, clock: clock)
            edit.text = plain
            return .edit(target, edit, shown: list.text(at: target.index))
        case let .mv(number, destination):
            let target = try target(number, in: list, shown: shown)
            let next = try self.target(destination, in: list)
            return number == destination ? nil : .move(target, destination: next.index, next: next)
        case let .clear(doneOnly):
            return .clear(doneOnly: doneOnly)
        case .undo:
            return .undo
        case .redo:
            return .redo
        // export and import: `perform`; share and unshare change who may use the list, not the list.
        case .find, .list, .help, .quit, .export, .import, .today, .upcoming, .share, .unshare, .sync:
            return nil
        }
    }

    /// The text of an `add` or `edit` and what its attribute words set.
    private static func read(_ text: String, clock: Clock) throws(CommandError) -> (String?, TaskEdit) {
        // The time is asked only of a text with attribute words: a script of plain adds never asks.
        guard AttributeWords.mayHoldAttributeWords(text) else { return (text, TaskEdit()) }
        do throws(AttributeWords.Failure) {
            return try AttributeWords(moment: clock.moment).read(text)
        } catch {
            switch error {
            case let .date(failure): throw .badDate(failure)
            case let .period(word): throw .badPeriod(word)
            }
        }
    }

    /// The due date `words` name (all of them), and the time of day typed (`DueWords.minuteOfDay`).
    private static func due(_ words: String, at moment: Moment) throws(CommandError) -> (Due, Int?) {
        let split = words.split(separator: " ")
        do throws(DueWords.Failure) {
            let (due, count) = try moment.words.read(split[...])
            guard count == split.count else { throw DueWords.Failure.unknownDate(words) }
            return (due, DueWords.minuteOfDay(of: due, typedIn: split[...], count: count))
        } catch {
            throw .badDate(error)
        }
    }

    private static func target(_ number: Int, in list: some NumberedRows,
                               shown: Shown? = nil) throws(CommandError) -> Target {
        guard number <= list.count else { throw .noSuchTask(number: number, listCount: list.count) }
        if let shown, !shown.indices.contains(number - 1) { throw .notShown(number: number, view: shown.view) }
        return Target(index: number - 1, id: list.id(at: number - 1))
    }

    private static func targets(_ numbers: NumberList, in list: some NumberedRows,
                                shown: Shown?) throws(CommandError) -> [Target] {
        var indices = try numbers.indices(inListOf: list.count)
        if let shown {
            for range in numbers.ranges where range.count == 1 && !shown.indices.contains(range.lowerBound - 1) {
                throw .notShown(number: range.lowerBound, view: shown.view)
            }
            indices = indices.filter(shown.indices.contains)
            guard !indices.isEmpty else { throw .noneShown(view: shown.view) }
        }
        return indices.map { Target(index: $0, id: list.id(at: $0)) }
    }

    /// The tasks this change names by number.
    var targets: [Target] {
        switch self {
        case let .toggleDone(targets), let .toggleFavorite(targets), let .remove(targets), let .setFields(targets, _): targets
        case let .edit(target, _, _): [target]
        case let .move(target, _, next): [target, next]
        case .add, .clear, .undo, .redo: []
        }
    }

    /// The position in `list` (as it is after the change) of the task the change touched, for a
    /// view that can show only some rows; nil when it touched none in particular.
    func focus(in list: TaskList) -> Int? {
        switch self {
        case .add: list.isEmpty ? nil : list.count - 1
        case let .toggleDone(targets), let .toggleFavorite(targets), let .setFields(targets, _): targets.first?.index
        case let .remove(targets): list.isEmpty ? nil : min(targets.map(\.index).min() ?? 0, list.count - 1)
        case let .edit(target, _, _): target.index
        case let .move(_, destination, _): destination
        case .clear, .undo, .redo: nil
        }
    }

    /// Runs the change as one model call and brings `list` (when known) up to date with it:
    /// in place for the ordinary commands, by reloading after `undo` and `redo`.
    /// Returns the model's description of what `undo` or `redo` did.
    func apply(to list: inout TaskList?, in store: any TaskWriting, clock: Clock) throws -> Change? {
        switch self {
        case let .add(text, attributes):
            let task = try store.create(text: text, attributes: attributes)
            list?.append(task)
        case let .toggleDone(targets):
            let moment = clock.moment
            let checked = try store.toggleDone(ids: targets.map(\.id), at: moment.now, in: moment.timeZone)
            for target in targets {
                let wasDone = list?.isDone(at: target.index) == true
                list?.setDone(wasDone ? nil : checked.time, at: target.index)
            }
            // A recurring task checked off stops recurring; the next one goes just after it.
            for target in targets.sorted(by: { $0.index > $1.index }) {
                guard let next = checked.next[target.id], var task = list?[target.index] else { continue }
                task.recurrence = nil
                list?.setAttributes(of: task, at: target.index)
                list?.insert(next, at: target.index + 1)
            }
        case let .toggleFavorite(targets):
            try store.toggleFavorite(ids: targets.map(\.id), at: clock.moment.now)
            for target in targets { list?.toggleFavorite(at: target.index) }
        case let .remove(targets):
            try store.remove(ids: targets.map(\.id))
            if targets.count == 1 {
                list?.remove(at: targets[0].index)
            } else {
                list?.remove(atIndices: Set(targets.map(\.index)))
            }
        case let .edit(target, edit, shown):
            try store.edit(ids: [target.id], edit, expected: shown, at: clock.moment.now)
            if let text = edit.text { list?.setText(text, at: target.index) }
            if let task = list?[target.index] { list?.setAttributes(of: edit.applied(to: task), at: target.index) }
        case let .setFields(targets, edit):
            try store.edit(ids: targets.map(\.id), edit, expected: nil, at: clock.moment.now)
            for target in targets {
                if let task = list?[target.index] { list?.setAttributes(of: edit.applied(to: task), at: target.index) }
            }
        case let .move(target, destination, next):
            try store.move(id: target.id, to: destination < target.index ? .before(next.id) : .after(next.id),
                           at: clock.moment.now)
            list?.move(from: target.index, to: destination)
        case let .clear(doneOnly):
            if doneOnly {
                try store.removeDone()
                list?.removeDone()
            } else {
                try store.removeAll()
                if list != nil { list = [] }
            }
        case .undo:
            let change = try store.undo(at: clock.moment.now)
            if list != nil { list = try store.allTasks() }
            return change
        case .redo:
            let change = try store.redo(at: clock.moment.now)
            if list != nil { list = try store.allTasks() }
            return change
        }
        return nil
    }
}
