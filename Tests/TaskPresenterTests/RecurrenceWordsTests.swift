import Testing
import TaskModel
@testable import TaskPresenter

/// The words of a recurrence; months take their day from the due date later (`Recurrence.anchored`).
@Suite struct RecurrenceWordsTests {
    @Test(arguments: [
        ("day", Recurrence(.days(1))), ("week", Recurrence(.weeks(1))), ("2w", Recurrence(.weeks(2))),
        ("month", Recurrence(.months(1, dayOfMonth: nil))), ("year", Recurrence(.months(12, dayOfMonth: nil))),
        ("3m", Recurrence(.months(3, dayOfMonth: nil))), ("10d", Recurrence(.days(10))),
        ("weekday", Recurrence(.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]))),
        ("mon,thu", Recurrence(.weekdays([.monday, .thursday]))), ("Friday", Recurrence(.weekdays([.friday]))),
        ("3d-after", Recurrence(.days(3), fromCompletion: true)), ("week-after", Recurrence(.weeks(1), fromCompletion: true)),
    ])
    func eachSpellingReadsAsItsRule(_ word: String, _ recurrence: Recurrence) throws {
        #expect(try RecurrenceWords.read(word[...]) == recurrence)
    }

    @Test(arguments: ["fortnightly", "0d", "3x", "mon,", "mon,funday", "mon-after", "", "-after"])
    func anUnknownSpellingIsAnErrorNamingIt(_ word: String) {
        #expect(throws: RecurrenceWords.Failure.unknown(word)) { try RecurrenceWords.read(word[...]) }
    }
}
