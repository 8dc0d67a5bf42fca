import Foundation
import Testing
@testable import TaskModel

@Suite struct TaskListTests {
    private func task(_ id: TaskItem.ID, _ text: String, favorite: Bool = false) -> TaskItem {
        TaskItem(id: id, text: text, isFavorite: favorite, createdAt: Date(timeIntervalSince1970: Double(id)))
    }

    private func describe(_ list: TaskList) -> [String] {
        list.map { "\($0.id)\($0.isFavorite ? "★" : " ")\($0.text)" }
    }

    @Test func holdsTheTasksGivenInOrder() {
        let tasks = [task(1, "Buy milk", favorite: true), task(5, "Café ☕"), task(9, "")]
        let list = TaskList(tasks)
        #expect(Array(list) == tasks)
        #expect(list.count == 3)
        #expect(list.id(at: 1) == 5)
        #expect(list.isFavorite(at: 0))
        #expect(Array(list.utf8Text(at: 1)) == Array("Café ☕".utf8))
    }

    @Test func forEachTaskGivesEveryPositionTextAndStarInOrder() {
        let list: TaskList = [task(1, "a", favorite: true), task(2, "Ünïcode"), task(3, "")]
        var seen: [String] = []
        list.forEachTask { index, text, isFavorite in
            seen.append("\(index) \(isFavorite) \(String(decoding: text, as: UTF8.self))")
        }
        #expect(seen == ["0 true a", "1 false Ünïcode", "2 false "])
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
        var list = TaskList((1...50).map { task(Int64($0), "task \($0)") })
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
        stored.withUnsafeBufferPointer { list.append(id: 1, storedText: $0, isFavorite: false, createdAt: 0) }
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
                bytes.withUnsafeBufferPointer { list.append(id: 1, storedText: $0, isFavorite: false, createdAt: 0) }
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
    }
}
