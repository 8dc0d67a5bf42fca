import Foundation

/// Manual order as Apple Reminders, Nextcloud Tasks and tasks.org keep it: each to-do's
/// `X-APPLE-SORT-ORDER`, an integer, the smaller first. The list's order is what tasks keeps; the
/// values are made to follow it with as few changes as can be, so that a move here rewrites the
/// task moved, not the tasks after it.
enum SortOrder {
    static let property = "X-APPLE-SORT-ORDER"
    /// The room left between two values given in a row: a few dozen moves between two tasks
    /// before their neighbours need new values too.
    static let gap: Int64 = 1 << 20

    /// The value among a to-do's kept lines (`foreign`), if any.
    static func value(in lines: String?) -> Int64? {
        guard let lines else { return nil }
        for line in lines.split(whereSeparator: \.isNewline) {
            let upper = line.prefix(property.count + 1).uppercased()
            guard upper == property + ":" || upper == property + ";" else { continue }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return Int64(line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return nil
    }

    /// Values for a list's tasks, in the list's order, from the values they have (`known`, nil for
    /// none): the longest run of known values already in order is kept, and every other task is
    /// given a value between its kept neighbours', evenly spaced (when two kept neighbours leave
    /// too little room, the later one is given a new value too).
    static func assign(_ known: [Int64?]) -> [Int64] {
        var kept = Set(longestIncreasingRun(known))
        var values = known.map { $0 ?? 0 }
        var index = 0
        while index < known.count {
            guard !kept.contains(index) else { index += 1; continue }
            // A run of tasks to give values to: from `index` to the next kept one.
            let low = index > 0 ? values[index - 1] : nil
            var end = index
            while end < known.count, !kept.contains(end) { end += 1 }
            let count = Int64(end - index)
            if end < known.count {
                let high = values[end]
                let floor = low ?? (high - gap * (count + 1))
                // No room between: the kept one after them is given a value too, and so on.
                guard high - floor > count, high - floor >= count + 1 else {
                    kept.remove(end)
                    continue
                }
                let step = (high - floor) / (count + 1)
                for offset in 0..<Int(count) { values[index + offset] = floor + step * Int64(offset + 1) }
            } else {
                let start = low ?? 0
                for offset in 0..<Int(count) { values[index + offset] = start + gap * Int64(offset + 1) }
            }
            index = end
        }
        return values
    }

    /// The positions of a longest strictly increasing run of the known values (patience sorting).
    static func longestIncreasingRun(_ values: [Int64?]) -> [Int] {
        var tails: [Int] = [] // index of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if let tail = values[tails[middle]], tail < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run.reversed()
    }
}
