import TaskModel

/// Reads the attribute words of an `add` or `edit` text: `due:DATE` (with a time after it when one
/// follows: `due:fri 17:00`), `every:PERIOD`, `+tag` and `@context` (a letter after the sign, so
/// `+1 555…` stays text), and `due:none` / `every:none`. The rest is the text, its words kept with
/// the spaces before them. A word that starts with a backslash before one of these (`\+home`,
/// `\due:`, `\\`) is text, less that backslash.
struct AttributeWords {
    let moment: Moment

    /// Why a word is not an attribute it looks like, naming it.
    enum Failure: Error, Equatable {
        case date(DueWords.Failure)
        case period(String)
    }

    /// The text and what its attribute words set; the text is nil when only attributes were given.
    func read(_ input: String) throws(Failure) -> (text: String?, edit: TaskEdit) {
        let words = Self.words(input)
        var edit = TaskEdit()
        var tags: [String] = []
        var text = ""
        var index = 0
        while index < words.count {
            let (gap, word) = words[index]
            index += 1
            if let value = Self.value(of: word, key: "due:") {
                if value.lowercased() == "none" {
                    edit.due = .some(nil)
                    continue
                }
                let following = words[index...].map(\.word)
                do {
                    let typed = ArraySlice([value] + following)
                    let (due, count) = try moment.words.read(typed)
                    edit.due = .some(due)
                    edit.zone = moment.timeZone.identifier
                    edit.minuteOfDay = DueWords.minuteOfDay(of: due, typedIn: typed, count: count)
                    index += count - 1
                } catch {
                    throw .date(error)
                }
            } else if let value = Self.value(of: word, key: "every:") {
                if value.lowercased() == "none" {
                    edit.recurrence = .some(nil)
                    continue
                }
                do {
                    edit.recurrence = .some(try RecurrenceWords.read(value))
                    edit.zone = moment.timeZone.identifier
                } catch {
                    throw .period(String(word))
                }
            } else if let tag = Self.tag(word) {
                tags.append(tag)
            } else {
                if !text.isEmpty { text += gap }
                text += Self.isEscaped(word) ? String(word.dropFirst()) : String(word)
            }
        }
        if !tags.isEmpty { edit.tags = tags.uniqued() }
        return (text.isEmpty ? nil : text, edit)
    }

    /// Whether `text` has a byte every attribute word or escape has: `+`, `@`, `\`, or the colon of
    /// a word starting `due:` or `every:` (a colon elsewhere, `Task 5: call`, is text).
    static func mayHoldAttributeWords(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in mayHoldAttributeWords(bytes) }
    }

    private static func mayHoldAttributeWords(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: "@"), UInt8(ascii: "\\"): return true
            case UInt8(ascii: ":"):
                for key in ["due", "every"] where index >= key.utf8.count {
                    let start = index - key.utf8.count
                    let isWordStart = start == 0 || bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == 0x09
                    if isWordStart, bytes[start..<index].map({ $0 | 0x20 }).elementsEqual(key.utf8) { return true }
                }
            default: continue
            }
        }
        return false
    }

    /// The tag a word names: `+home` is `home`, `@phone` is `@phone`; nil for other words (a word
    /// with a control character in it is text, and shown escaped).
    static func tag(_ word: Substring) -> String? {
        guard let sign = word.first, sign == "+" || sign == "@",
              let first = word.dropFirst().first, first.isLetter else { return nil }
        let tag = sign == "+" ? String(word.dropFirst()) : String(word)
        return Tags.isValid(tag) ? tag : nil
    }

    /// How a tag is shown and typed: `+home`, `@phone`.
    static func typed(tag: String) -> String {
        tag.hasPrefix("@") ? tag : "+" + tag
    }

    /// The attribute words of `task`, as `read` reads them back: what Tab after `edit N ` fills in.
    static func words(of task: TaskItem, at moment: Moment) -> [String] {
        var words = task.tags.map(typed(tag:))
        if let due = task.due { words.append("due:" + DueText.typed(due, in: moment.timeZone)) }
        if let recurrence = task.recurrence { words.append("every:" + RecurrenceWords.typed(recurrence)) }
        return words
    }

    /// `text` as typed so that `read` gives it back: each word that would read as an attribute escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for (gap, word) in words(text) {
            result += gap
            let looksLikeAttribute = tag(word) != nil || value(of: word, key: "due:") != nil
                || value(of: word, key: "every:") != nil || isEscaped(word)
            result += looksLikeAttribute ? "\\" + word : String(word)
        }
        return result
    }

    /// The words of `text`, each with the whitespace before it (the first one's is dropped).
    /// Split at scalars, not characters: a space followed by a combining mark is one character,
    /// which would glue the word before it to the next one (`+home \u{301}x`, a tag with a space).
    private static func words(_ text: String) -> [(gap: String, word: Substring)] {
        let scalars = text.unicodeScalars
        var result: [(String, Substring)] = []
        var gap = ""
        var start: String.Index?
        for index in scalars.indices {
            let isSpace = scalars[index] == " " || scalars[index] == "\t"
            if isSpace, let wordStart = start {
                result.append((gap, Substring(scalars[wordStart..<index])))
                start = nil
                gap = ""
            }
            if isSpace { gap.unicodeScalars.append(scalars[index]) } else if start == nil { start = index }
        }
        if let start { result.append((gap, Substring(scalars[start...]))) }
        return result
    }

    /// What follows `key` (case-insensitive) at the start of `word`, when something does.
    private static func value(of word: Substring, key: String) -> Substring? {
        guard word.count > key.count, word.prefix(key.count).lowercased() == key else { return nil }
        return word.dropFirst(key.count)
    }

    /// Whether `word` is an attribute word or a backslash escaped by a backslash.
    private static func isEscaped(_ word: Substring) -> Bool {
        guard word.first == "\\" else { return false }
        let rest = word.dropFirst()
        return rest.first == "\\" || tag(rest) != nil || value(of: rest, key: "due:") != nil
            || value(of: rest, key: "every:") != nil
    }
}
