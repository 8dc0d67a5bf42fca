/// The task numbers of a `fav` or `rm` command as typed: single numbers and ranges, each from 1,
/// not yet checked against the list (so a range may reach far beyond it without being expanded).
struct NumberList: Sendable, Hashable {
    /// The numbers and ranges in the order typed; a single number N is the range N...N.
    var ranges: [ClosedRange<Int>]

    /// Creates a list from ranges, each with a lower bound of at least 1.
    init(_ ranges: [ClosedRange<Int>]) {
        self.ranges = ranges
    }

    /// The list positions (from 0) of the numbers, in the order typed, each once.
    /// Throws `noSuchTask` naming the first number beyond a list of `count` tasks.
    func indices(inListOf count: Int) throws(CommandError) -> [Int] {
        for range in ranges where range.upperBound > count {
            throw .noSuchTask(number: range.lowerBound > count ? range.lowerBound : range.upperBound, listCount: count)
        }
        if ranges.count == 1, let range = ranges.first {
            return range.map { $0 - 1 }
        }
        var seen = Set<Int>()
        var indices: [Int] = []
        for range in ranges {
            for number in range where seen.insert(number).inserted {
                indices.append(number - 1)
            }
        }
        return indices
    }
}
