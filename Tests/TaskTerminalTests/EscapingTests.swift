import Testing
import TaskTerminal

@Suite struct EscapingTests {
    @Test func plainTextIsUnchanged() {
        #expect("Café ☕ 日本 «ok» C:\\path".escapingControlCharacters() == "Café ☕ 日本 «ok» C:\\path")
    }

    @Test func commonControlCharactersGetShortEscapes() {
        #expect("a\u{1B}[31mb\tc\rd\ne\u{0}f".escapingControlCharacters() == "a\\e[31mb\\tc\\rd\\ne\\0f")
    }

    @Test func otherC0ControlsAndDeleteGetHexEscapes() {
        #expect("bell\u{7} del\u{7F} us\u{1F}".escapingControlCharacters() == "bell\\x07 del\\x7F us\\x1F")
    }

    @Test func c1ControlsAreEscaped() {
        #expect("csi\u{9B}2J nel\u{85}".escapingControlCharacters() == "csi\\u{9B}2J nel\\u{85}")
    }

    @Test func bidirectionalControlsAndSeparatorsAreEscaped() {
        #expect("a\u{202E}b\u{2066}c\u{200F}d\u{2028}e\u{061C}".escapingControlCharacters()
            == "a\\u{202E}b\\u{2066}c\\u{200F}d\\u{2028}e\\u{061C}")
    }

    @Test func joinersInEmojiAreKept() {
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(family.escapingControlCharacters() == family)
    }

    @Test func lineBreaksCanBeKept() {
        #expect("one\ntwo\u{1B}".escapingControlCharacters(keepingLineBreaks: true) == "one\ntwo\\e")
    }
}
