@testable import TaskLineEditor
import Testing

/// The history file's text is libedit's own: what earlier versions of tasks wrote loads, and what
/// is written now loads in them.
@Suite struct HistoryEncodingTests {
    @Test func spacesBackslashesAndControlCharactersAreWrittenInOctal() {
        let bytes = HistoryEncoding.encode(["add milk", "edit 1 a\\b", "add \u{1B}[31m"])
        #expect(String(decoding: bytes, as: UTF8.self)
                == "_HiStOrY_V2_\nadd\\040milk\nedit\\0401\\040a\\134b\nadd\\040\\033[31m\n")
    }

    @Test func whatIsWrittenReadsBackExactly() {
        let entries = ["add Café ☕ 日本", "add a\tb", "add line\nbreak", "rm 1-3", "add \u{7F}\u{85}"]
        #expect(HistoryEncoding.decode(HistoryEncoding.encode(entries)) == entries)
    }

    @Test func libeditsOtherEscapesAreRead() {
        let file = "_HiStOrY_V2_\nadd\\sx\\^A\\M-a\\E\n"
        #expect(HistoryEncoding.decode(Array(file.utf8)) == ["add x\u{01}\u{FFFD}\u{1B}"])
    }

    @Test func aFileWithoutTheHeaderIsOneEntryALine() {
        #expect(HistoryEncoding.decode(Array("add a\\040b\n\nrm 2\n".utf8)) == ["add a\\040b", "rm 2"])
    }
}
