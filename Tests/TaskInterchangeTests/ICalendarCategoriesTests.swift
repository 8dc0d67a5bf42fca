import Foundation
import Testing
import TaskInterchange
import TaskModel

/// Categories another client wrote that tasks reads differently (`with space` is the tag
/// `with_space`) are written back as they were while the task's tags are unchanged; once they
/// change, each tag still there keeps the server's spelling, and one added here is written as tasks
/// has it (found by a tester: a `fav` synced renamed the phone's tags on the server).
@Suite struct ICalendarCategoriesTests {
    typealias Mapping = ICalendarMappingTests

    /// The tasks of one to-do "Pack" with `categories` (lines without their CRLF).
    static func read(_ categories: String...) throws -> [TaskItem] {
        try Mapping.imported(Mapping.todo(1, "SUMMARY:Pack\r\n" + categories.map { $0 + "\r\n" }.joined()))
    }

    /// The file tasks writes of the to-do "Pack" with `categories` (lines without their CRLF).
    static func written(_ categories: String..., favorite: Bool = false) -> String {
        Mapping.head + Mapping.todo(1, "SUMMARY:Pack\r\nSTATUS:NEEDS-ACTION\r\n" + (favorite ? "PRIORITY:1\r\n" : "")
            + categories.map { $0 + "\r\n" }.joined()) + "END:VCALENDAR\r\n"
    }

    static let phone = #"CATEGORIES:home,with space,x\,y,Ünïcode Tag"#

    @Test func categoriesTasksReadsDifferentlyAreWrittenBackAsTheyWereWhenAnotherFieldChanges() throws {
        var tasks = try Self.read(Self.phone)
        #expect(tasks[0].tags == ["home", "with_space", "x,y", "Ünïcode_Tag"])
        tasks[0].isFavorite = true
        #expect(Mapping.exported(tasks) == Self.written(Self.phone, favorite: true))
    }

    @Test func everyCategoriesLineIsWrittenBackAsItWasWithItsParametersAndSpelling() throws {
        let lines = ["categories;LANGUAGE=fr:maison", "CATEGORIES:a\\,b , c", "CATEGORIES:with space,home"]
        let tasks = try Self.read(lines[0], lines[1], lines[2])
        #expect(tasks[0].tags == ["maison", "a,b", "c", "with_space", "home"])
        #expect(Mapping.exported(tasks) == Self.written(lines[0], lines[1], lines[2]))
    }

    @Test func aTagAddedHereIsWrittenAsTasksHasItAndTheOthersAsTheServerSpelledThem() throws {
        var tasks = try Self.read(Self.phone)
        tasks[0].tags += ["new,one"]
        #expect(Mapping.exported(tasks) == Self.written(Self.phone + #",new\,one"#))
    }

    @Test func aTagRemovedHereIsGoneAndTheOthersKeepTheServersSpelling() throws {
        var tasks = try Self.read(Self.phone)
        tasks[0].tags.removeAll { $0 == "home" }
        #expect(Mapping.exported(tasks) == Self.written(#"CATEGORIES:with space,x\,y,Ünïcode Tag"#))
    }

    @Test func allTagsRemovedHereLeaveNoCategories() throws {
        var tasks = try Self.read(Self.phone)
        tasks[0].tags = []
        #expect(Mapping.exported(tasks) == Self.written())
    }

    /// One line, in the order of the task's tags (read back in that order), with the first line's parameters.
    @Test func changedTagsFromSeveralLinesAreWrittenAsOneLineInTheTasksOrder() throws {
        var tasks = try Self.read("CATEGORIES;LANGUAGE=en:with space", "CATEGORIES:home")
        tasks[0].tags = ["home", "new", "with_space"]
        #expect(Mapping.exported(tasks) == Self.written("CATEGORIES;LANGUAGE=en:home,new,with space"))
        let again = try Mapping.imported(Mapping.todo(1, "SUMMARY:Pack\r\nCATEGORIES;LANGUAGE=en:home,new,with space\r\n"))
        #expect(again[0].tags == tasks[0].tags)
    }

    /// Kept as spelled, `a\` before a comma would escape it: `x,a\,new` reads as `x` and `a,new`.
    @Test func aSpellingEndingInABackslashIsWrittenEscapedBeforeAnotherTag() throws {
        var tasks = try Self.read(#"CATEGORIES:x,a\"#)
        #expect(tasks[0].tags == ["x", #"a\"#])
        tasks[0].tags += ["new"]
        #expect(Mapping.exported(tasks) == Self.written(#"CATEGORIES:x,a\\,new"#))
    }

    /// Categories tasks writes back the same need nothing kept: only the to-do's DTSTAMP is.
    @Test func categoriesTasksWritesTheSameKeepNothing() throws {
        let tasks = try Self.read(#"CATEGORIES:home,x\,y,@phone"#)
        #expect(tasks[0].foreign == ["icalendar": "DTSTAMP:20261120T090000Z"])
        #expect(Mapping.exported(tasks) == Self.written(#"CATEGORIES:home,x\,y,@phone"#))
    }

    /// The marker is tasks' own: one in a file is not kept, nor written as categories.
    @Test func aMarkerInAFileIsNotKept() throws {
        let tasks = try Self.read("X-TASKS-CATEGORIES:CATEGORIES:forged", "CATEGORIES:home")
        #expect(tasks[0].tags == ["home"])
        #expect(tasks[0].foreign == ["icalendar": "DTSTAMP:20261120T090000Z"])
    }

    @Test func theResourceOfASyncKeepsTheCategoriesThroughAnotherChange() throws {
        let text = Mapping.head + Mapping.todo(1, "SUMMARY:Pack\r\n" + Self.phone + "\r\n") + "END:VCALENDAR\r\n"
        let read = try ICalendarResource.read(Array(text.utf8), timeZone: Samples.utc, now: Samples.now)
        var task = TaskItem(id: try #require(read.id), text: read.text, createdAt: read.createdAt,
                            foreign: read.foreign, tags: read.tags)
        task.isFavorite = true
        let rendered = String(decoding: ICalendarResource.render(task, timeZone: Samples.utc), as: UTF8.self)
        #expect(rendered.components(separatedBy: "\r\n").contains(Self.phone), "\(rendered)")
    }
}
