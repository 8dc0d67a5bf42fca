import Foundation
import Testing
@testable import TaskModel

@Suite struct TaskListTests {
    /// A task whose identity ends in `number` (so tests can name it), created at that second.
    private func task(_ number: Int, _ text: String, favorite: Bool = false, done: Bool = false) -> TaskItem {
        TaskItem(id: Self.id(number), text: text, isFavorite: favorite,
                 doneAt: done ? Date(timeIntervalSince1970: 99) : nil, createdAt: Date(timeIntervalSince1970: Double(number)))
    }

    private static func id(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-7000-8000-%012d", number))!
    }

    private func describe(_ list: TaskList) -> [String] {
        list.map { task in
            let number = Int(task.id.uuidString.suffix(12)) ?? -1
            return "\(number)\(task.isFavorite ? "★" : " ")\(task.isDone ? "✓" : "")\(task.text)"
        }
    }

    @Test func holdsTheTasksGivenInOrder() {
        let tasks = [task(1, "Buy milk", favorite: true), task(5, "Café ☕"), task(9, "")]
        let list = TaskList(tasks)
        #expect(Array(list) == tasks)
        #expect(list.count == 3)
        #expect(list.id(at: 1) == Self.id(5))
        #expect(list.isFavorite(at: 0))
        #expect(Array(list.utf8Text(at: 1)) == Array("Café ☕".utf8))
    }

    @Test func forEachTaskGivesEveryPositionTextAndFlagsInOrder() {
        let list: TaskList = [task(1, "a", favorite: true), task(2, "Ünïcode", done: true), task(3, "")]
        var seen: [String] = []
        list.forEachTask { index, text, flags in
            seen.append("\(index) \(flags.isFavorite) \(flags.isDone) \(String(decoding: text, as: UTF8.self))")
        }
        #expect(seen == ["0 true false a", "1 false true Ünïcode", "2 false false "])
    }

    @Test func forEachTaskVisitsOnlyTheIndicesGiven() {
        let list: TaskList = [task(1, "a"), task(2, "b"), task(3, "c")]
        var seen: [Int] = []
        list.forEachTask(at: [2, 0]) { index, _, _ in seen.append(index) }
        #expect(seen == [2, 0])
    }

    @Test func movingATaskKeepsTheOthersInOrder() {
        var list: TaskList = [task(1, "a"), task(2, "b"), task(3, "c"), task(4, "d")]
        list.move(from: 3, to: 0)
        #expect(describe(list) == ["4 d", "1 a", "2 b", "3 c"])
        list.move(from: 1, to: 3)
        #expect(describe(list) == ["4 d", "2 b", "3 c", "1 a"])
    }

    @Test func doneFlagsAreSetAndTheDoneTasksRemoved() {
        var list: TaskList = [task(1, "a"), task(2, "b"), task(3, "c")]
        list.setDone(Date(timeIntervalSince1970: 5), at: 0)
        list.setDone(Date(timeIntervalSince1970: 6), at: 2)
        #expect(list[2].doneAt == Date(timeIntervalSince1970: 6))
        list.setDone(nil, at: 2)
        #expect(describe(list) == ["1 ✓a", "2 b", "3 c"])
        list.removeDone()
        #expect(describe(list) == ["2 b", "3 c"])
    }

    @Test func changesInPlaceKeepTheOtherTasks() {
        var list: TaskList = [task(1, "a"), task(2, "b"), task(3, "c"), task(4, "d")]
        list.toggleFavorite(at: 1)
        list.setText("see", at: 2)
        list.remove(at: 0)
        list.append(task(5, "e"))
        #expect(describe(list) == ["2★b", "3 see", "4 d", "5 e"])
        list.remove(atIndices: [0, 2])
        #expect(describe(list) == ["3 see", "5 e"])
        list.removeAll()
        #expect(list.isEmpty)
    }

    @Test func manyEditsAndRemovalsLeaveTheTextsIntact() {
        // Enough replaced bytes to make the buffer rebuild itself several times.
        var list = TaskList((1...50).map { task($0, "task \($0)") })
        for round in 0..<200 {
            let index = round % list.count
            list.setText(String(repeating: "x", count: 100) + " \(round)", at: index)
            if round % 7 == 0 { list.remove(at: (index + 1) % list.count) }
        }
        var expected = (1...50).map { "task \($0)" }
        for round in 0..<200 {
            let index = round % expected.count
            expected[index] = String(repeating: "x", count: 100) + " \(round)"
            if round % 7 == 0 { expected.remove(at: (index + 1) % expected.count) }
        }
        #expect(list.map(\.text) == expected)
    }

    @Test func invalidUTF8FromStorageIsRepairedAsStringRepairsIt() {
        let stored: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82] // a, a stray byte, b, a cut sequence
        var list = TaskList()
        stored.withUnsafeBufferPointer { list.append(id: Self.id(1), storedText: $0, isFavorite: false, doneAt: nil, createdAt: 0) }
        let repaired = String(decoding: stored, as: UTF8.self)
        #expect(list[0].text == repaired)
        #expect(Array(list.utf8Text(at: 0)) == Array(repaired.utf8))
    }

    @Test func asciiTextsOfEveryLengthAreStoredAsGiven() {
        // The ASCII test reads eight bytes at a time: a high byte at each place of each length is caught.
        for length in 0..<20 {
            let ascii = Array(repeating: UInt8(ascii: "a"), count: length)
            for place in 0..<max(length, 1) {
                var bytes = ascii
                if length > 0 { bytes[place] = 0xE9 } // é in Latin-1: invalid UTF-8 on its own
                var list = TaskList()
                bytes.withUnsafeBufferPointer { list.append(id: Self.id(1), storedText: $0, isFavorite: false, doneAt: nil, createdAt: 0) }
                #expect(list[0].text == String(decoding: bytes, as: UTF8.self), "length \(length), place \(place)")
            }
        }
    }

    @Test func equalListsHoldTheSameTasksWhateverTheirHistory() {
        var edited: TaskList = [task(1, "old"), task(2, "b")]
        edited.setText("a", at: 0)
        #expect(edited == [task(1, "a"), task(2, "b")])
        #expect(edited.hashValue == TaskList([task(1, "a"), task(2, "b")]).hashValue)
        #expect(edited != [task(1, "a"), task(2, "b", favorite: true)])
        #expect(edited != [task(1, "a")])
        #expect(edited != [task(1, "a"), task(2, "b", done: true)])
    }
}
