import Testing
import TaskTerminal

@Suite struct LineEditingTests {
    private func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    @Test func aLetterAndItsAccentAreOneCharacterBackwards() {
        #expect(LineEditing.characterStart(before: 3, in: scalars("aq\u{301}")) == 1)
    }

    @Test func aLetterAndItsAccentAreOneCharacterForwards() {
        #expect(LineEditing.characterEnd(after: 1, in: scalars("aq\u{301}b")) == 3)
    }

    @Test func anEmojiWithItsModifierIsOneCharacter() {
        let line = scalars("x👍🏽y")
        #expect(LineEditing.characterEnd(after: 1, in: line) == 3)
        #expect(LineEditing.characterStart(before: 3, in: line) == 1)
    }

    @Test func theLineEndsBoundTheMoves() {
        #expect(LineEditing.characterStart(before: 0, in: scalars("ab")) == 0)
        #expect(LineEditing.characterEnd(after: 2, in: scalars("ab")) == 2)
    }

    @Test func typedTextIsComposed() {
        #expect(LineEditing.composed("cafe\u{301}").unicodeScalars.elementsEqual("caf\u{E9}".unicodeScalars))
    }

    @Test func anAccentWithoutAComposedFormStaysAsTyped() {
        #expect(LineEditing.composed("q\u{301}").unicodeScalars.elementsEqual("q\u{301}".unicodeScalars))
    }

    @Test func combiningMarksAreRecognised() {
        #expect(LineEditing.isCombining("\u{301}"))
        #expect(LineEditing.isCombining("\u{94D}")) // Devanagari virama
        #expect(!LineEditing.isCombining("e"))
        #expect(!LineEditing.isCombining("日"))
    }
}
