/// The few queries of a backend that orders its list by spaced positions (`ListPosition`): from
/// them, this protocol's extension decides, the same way in every backend, where a moved task and
/// an appended one go.
package protocol PositionedList: StoredList {
    /// The position of task `id`, hidden or not.
    func position(of id: TaskItem.ID) throws -> Int64?
    /// The nearest position below (or above) `anchor`, skipping `excluding`.
    func adjacentPosition(to anchor: Int64, below: Bool, excluding: Int64?) throws -> Int64?
    /// The largest position, hidden tasks' included.
    func lastPosition() throws -> Int64?
    /// Whether a task other than `id`, hidden or not, is at `position`.
    func isTaken(_ position: Int64, byOtherThan id: TaskItem.ID) throws -> Bool
    /// Puts task `id` at `position`.
    func setPosition(of id: TaskItem.ID, to position: Int64) throws
    /// Spaces every position `ListPosition.gap` apart again, keeping the order (and the places that
    /// move steps remember); returns `positions` mapped the same way.
    func renumber(mapping positions: [Int64]) throws -> [Int64]
    /// Whether a task in the list (not a hidden one) is strictly between positions `low` and `high`.
    func holdsTask(between low: Int64, and high: Int64) throws -> Bool
}

extension PositionedList {
    /// Where moving task `id` next to another task takes it: its position now and a free one
    /// just before or after the other task, renumbering first when there is no room; nil when it
    /// is there already.
    /// The positions of both, when the caller has read them, spare reading them again; after a
    /// renumbering (then `from` differs from the one given) they are read anew.
    package func positions(moving id: TaskItem.ID, next place: Placement,
                           known: (from: Int64, anchor: Int64)? = nil) throws -> (from: Int64, to: Int64)? {
        let (neighbour, before) = (place.neighbour, place.isBefore)
        for attempt in 0..<2 {
            let read = attempt == 0 ? known : nil
            guard let anchor = try read?.anchor ?? position(of: neighbour), let from = try read?.from ?? position(of: id)
            else { return nil }
            if try adjacentPosition(to: anchor, below: before, excluding: nil) == from { return nil }
            let other = try adjacentPosition(to: anchor, below: before, excluding: from)
            if let to = ListPosition.between(before ? other : anchor, before ? anchor : other) { return (from, to) }
            if attempt == 0 { _ = try renumber(mapping: []) }
        }
        throw noFreePosition
    }

    /// Applies `placing` in order, each against the list as the ones before left it, as part of a
    /// step that is being recorded (`importTasks(_:removing:placing:from:at:)`): a placement of a
    /// task not in the list, next to itself or to a task not in the list, or of a task there already
    /// (nothing in the list between the two, on the side named; hidden tasks may be), is passed over.
    /// For each other one, `move` writes task `id` at `to`, a free position next to the other task
    /// (the list renumbered first when there was no room). Returns how many it moved.
    package func applyPlacements(_ placing: [(id: TaskItem.ID, place: Placement)],
                                 _ move: (_ id: TaskItem.ID, _ to: Int64) throws -> Void) throws -> Int {
        guard !placing.isEmpty else { return 0 }
        // Placing moves tasks but takes none out of the list, nor brings one in: asked once for all.
        let absent = Set(try missing(placing.flatMap { [$0.id, $0.place.neighbour] }.uniqued()))
        var moved = 0
        for (id, place) in placing where id != place.neighbour && !absent.contains(id) && !absent.contains(place.neighbour) {
            guard let from = try position(of: id), let anchor = try position(of: place.neighbour) else { continue }
            if place.isBefore ? from < anchor : from > anchor, try !holdsTask(between: min(from, anchor), and: max(from, anchor)) {
                continue
            }
            guard let (_, to) = try positions(moving: id, next: place, known: (from, anchor)) else { continue }
            try move(id, to)
            moved += 1
        }
        return moved
    }

    /// Puts task `id` back at `position` (undo or redo of a step whose image remembers it), or just
    /// after it when another task has taken it meanwhile. Returns where it went and what `position`
    /// is now: itself, unless finding room renumbered the list (the images' positions with it).
    package func place(_ id: TaskItem.ID, at position: Int64) throws -> (wanted: Int64, placed: Int64) {
        var wanted = position
        var target = position
        for attempt in 0..<2 where try isTaken(target, byOtherThan: id) {
            if let free = ListPosition.between(target, try adjacentPosition(to: target, below: false, excluding: nil)) {
                target = free
                break
            }
            guard attempt == 0 else { throw noFreePosition }
            wanted = try renumber(mapping: [wanted])[0]
            target = wanted
        }
        try setPosition(of: id, to: target)
        return (wanted, target)
    }

    /// Where an appended task goes: after every task, hidden or not (renumbering first in the
    /// unlikely case that the largest position has no room after it).
    package func nextAppendPosition() throws -> Int64 {
        if let next = ListPosition.between(try lastPosition(), nil) { return next }
        _ = try renumber(mapping: [])
        guard let next = ListPosition.between(try lastPosition(), nil) else { throw noFreePosition }
        return next
    }

    /// Where `count` tasks appended one after another go (each `ListPosition.gap` after the one
    /// before, the first as `nextAppendPosition` says), renumbering first when they do not fit.
    package func nextAppendPositions(count: Int) throws -> [Int64] {
        guard count > 0 else { return [] }
        for attempt in 0..<2 {
            let first = try nextAppendPosition()
            let (span, overflow) = ListPosition.gap.multipliedReportingOverflow(by: Int64(count - 1))
            if !overflow, !first.addingReportingOverflow(span).overflow {
                return (0..<Int64(count)).map { first + $0 * ListPosition.gap }
            }
            if attempt == 0 { _ = try renumber(mapping: []) }
        }
        throw noFreePosition
    }

    /// The error when no position is free even after renumbering.
    package var noFreePosition: StoreError {
        .storage(path: location, cause: StoreError.Cause(code: "position", message: "no free position"))
    }
}
