/// The reference model's reading of the values of `due`, `tag` and `every` and of the attribute
/// words of an `add` or `edit` text: only the words `CommandLines` generates (fixed dates, times and
/// periods); any other word a value could be is refused.
enum ReferenceWords {
    /// What the attribute words of a text set; nil fields are kept as they are.
    struct Attributes {
        var due: ReferenceDue??
        var recurrence: ReferenceRecurrence??
        /// The tags that replace the task's, when any tag word was given.
        var tags: [String]?
    }

    /// Reads the words of an `add` or `edit` text: the text left (nil when none) and what its
    /// attribute words set; nil when one of them is a date or period this model refuses. Words are
    /// separated by spaces and tabs only, each kept with the ones before it; a backslash before an
    /// attribute word or a backslash keeps it as text.
    static func text(_ input: String) -> (text: String?, attributes: Attributes)? {
        let words = words(of: input)
        var attributes = Attributes()
        var tags: [String] = []
        var text = ""
        var index = 0
        while index < words.count {
            let (gap, word) = words[index]
            index += 1
            if let value = value(of: word, key: "due:") {
                if value.lowercased() == "none" {
                    attributes.due = .some(nil)
                    continue
                }
                let time = index < words.count && looksLikeTime(words[index].word) ? words[index].word : nil
                guard let due = due(value, time: time) else { return nil }
                if time != nil { index += 1 }
                attributes.due = .some(due)
            } else if let value = value(of: word, key: "every:") {
                if value.lowercased() == "none" {
                    attributes.recurrence = .some(nil)
                    continue
                }
                guard let recurrence = period(value) else { return nil }
                attributes.recurrence = .some(recurrence)
            } else if let tag = tag(word) {
                tags.append(tag)
            } else {
                if !text.isEmpty { text += gap }
                text += isEscape(word) ? String(word.unicodeScalars.dropFirst()) : word
            }
        }
        if !tags.isEmpty { attributes.tags = uniqued(tags) }
        return (text.isEmpty ? nil : text, attributes)
    }

    /// The words of `text` split at spaces and tabs, each with the spaces and tabs before it.
    private static func words(of text: String) -> [(gap: String, word: String)] {
        var result: [(gap: String, word: String)] = []
        var gap = String.UnicodeScalarView()
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\t" {
                if !word.isEmpty {
                    result.append((String(gap), String(word)))
                    (gap, word) = (String.UnicodeScalarView(), String.UnicodeScalarView())
                }
                gap.append(scalar)
            } else {
                word.append(scalar)
            }
        }
        if !word.isEmpty { result.append((String(gap), String(word))) }
        return result
    }

    /// What follows `key` at the start of `word`, in any case, when something does.
    private static func value(of word: String, key: String) -> String? {
        guard word.unicodeScalars.count > key.unicodeScalars.count,
              String(word.unicodeScalars.prefix(key.unicodeScalars.count)).lowercased() == key else { return nil }
        return String(word.unicodeScalars.dropFirst(key.unicodeScalars.count))
    }

    /// Whether `word` is a backslash and then an attribute word or another backslash.
    private static func isEscape(_ word: String) -> Bool {
        guard word.hasPrefix("\\") else { return false }
        let rest = String(word.unicodeScalars.dropFirst())
        return rest.hasPrefix("\\") || tag(rest) != nil || value(of: rest, key: "due:") != nil
            || value(of: rest, key: "every:") != nil
    }

    // MARK: Field commands

    /// The numbers of `due N… DATE [TIME]`, `due N… none`, `tag N… +a -b`, `every N… PERIOD` or
    /// `every N… none` (`name`) and the change it makes to each task they name; nil when its value
    /// is missing or not one. The numbers are the words before the value: before the date and time
    /// of `due`, before the first word not of digits and dashes for the others.
    static func fieldCommand(_ name: String, _ words: [String]) -> (numbers: [String], update: (inout ReferenceTask) -> Void)? {
        if name == "due" {
            let valueCount = words.count >= 3 && looksLikeTime(words[words.count - 1]) ? 2 : 1
            guard words.count > valueCount else { return nil }
            let (date, time) = (words[words.count - valueCount], valueCount == 2 ? words.last : nil)
            let numbers = Array(words.dropLast(valueCount))
            if time == nil, date.lowercased() == "none" { return (numbers, { $0.due = nil }) }
            guard let due = due(date, time: time) else { return nil }
            return (numbers, { $0.due = due })
        }
        let numbers = words.prefix { $0.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") } }
        let value = Array(words.dropFirst(numbers.count))
        if name == "tag" {
            let changes = value.compactMap(tagChange)
            guard !value.isEmpty, changes.count == value.count else { return nil }
            let (added, removed) = (changes.filter { !$0.removes }.map(\.tag), changes.filter(\.removes).map(\.tag))
            return (Array(numbers), { task in task.tags = uniqued(task.tags + added).filter { !removed.contains($0) } })
        }
        guard value.count == 1 else { return nil }
        if value[0].lowercased() == "none" { return (Array(numbers), { $0.recurrence = nil }) }
        guard let recurrence = period(value[0]) else { return nil }
        return (Array(numbers), { $0.recurrence = recurrence })
    }

    // MARK: Tags

    /// `tags` with each tag once, where it first comes (`é` and `e` + accent are the same tag, as
    /// Swift's strings say).
    static func uniqued(_ tags: [String]) -> [String] {
        var result: [String] = []
        for tag in tags where !result.contains(tag) { result.append(tag) }
        return result
    }

    /// The tag a word names: `home` for `+home`, `@phone` for `@phone`; a letter follows the sign.
    static func tag(_ word: String) -> String? {
        let characters = Array(word)
        guard characters.count >= 2, characters[0] == "+" || characters[0] == "@", characters[1].isLetter else {
            return nil
        }
        return characters[0] == "+" ? String(characters.dropFirst()) : word
    }

    /// A word of `tag N…`: `+a`, `@a` and `+@a` add `a` (`@a`), `-a` and `-@a` remove it.
    static func tagChange(_ word: String) -> (tag: String, removes: Bool)? {
        guard let sign = word.first, sign == "+" || sign == "-" || sign == "@" else { return nil }
        let named = sign == "@" ? word : String(word.dropFirst())
        let tag = named.hasPrefix("@") ? self.tag(named) : self.tag("+" + named)
        return tag.map { ($0, sign == "-") }
    }

    // MARK: Dates

    /// The due date a date word names, at the time `time` names when given; nil when either is
    /// not one.
    static func due(_ word: String, time: String?) -> ReferenceDue? {
        guard let day = day(word.lowercased()) else { return nil }
        guard let time else { return ReferenceDue(day: day) }
        return self.time(time).map { ReferenceDue(day: day, minute: $0) }
    }

    /// The date words of `CommandLines`, from the fixed today: relative ones, weekdays (the next one
    /// after today), and `2026-12-01`.
    private static func day(_ word: String) -> Int? {
        let today = ReferenceCalendar.today
        switch word {
        case "today": return today
        case "tomorrow": return today + 1
        case "yesterday": return today - 1
        case "3d": return today + 3
        case "eow": return today + 7 - ReferenceCalendar.weekday(of: today)
        default: break
        }
        let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        if let weekday = weekdays.firstIndex(of: word) {
            var day = today + 1
            while ReferenceCalendar.weekday(of: day) != weekday + 1 { day += 1 }
            return day
        }
        let parts = word.split(separator: "-").map { Int($0) }
        guard word.count == 10, parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2] else {
            return nil
        }
        return ReferenceCalendar.day(year: year, month: month, day: day)
    }

    /// Whether a word after a date is meant as its time: a digit first, then a colon or am/pm.
    static func looksLikeTime(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, ("0"..."9").contains(first) else { return false }
        let lower = word.lowercased()
        return lower.contains(":") || lower.hasSuffix("am") || lower.hasSuffix("pm")
    }

    /// The minute of the day of the times `CommandLines` generates: `9:00`, `17:00`, `5pm`, `12am`.
    private static func time(_ word: String) -> Int? {
        let lower = word.lowercased()
        if lower.hasSuffix("am") || lower.hasSuffix("pm"), let hour = Int(lower.dropLast(2)), (1...12).contains(hour) {
            return (hour % 12 + (lower.hasSuffix("pm") ? 12 : 0)) * 60
        }
        let parts = lower.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return hour * 60 + minute
    }

    // MARK: Periods

    /// The periods of `CommandLines`: `day`, `week`, `Nd`, `Nw` (each with `-after`), `weekday`,
    /// and days of the week (`mon,thu`, never with `-after`).
    static func period(_ word: String) -> ReferenceRecurrence? {
        var text = word.lowercased()
        let after = text.hasSuffix("-after")
        if after { text.removeLast("-after".count) }
        switch text {
        case "day": return .days(1, afterCompletion: after)
        case "week": return .days(7, afterCompletion: after)
        case "weekday": return after ? nil : .weekdays([1, 2, 3, 4, 5])
        default: break
        }
        if let count = Int(text.dropLast()), (1...1_000).contains(count), text.first?.isNumber == true {
            switch text.last {
            case "d": return .days(count, afterCompletion: after)
            case "w": return .days(7 * count, afterCompletion: after)
            default: return nil
            }
        }
        let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        let days = text.split(separator: ",", omittingEmptySubsequences: false).map { weekdays.firstIndex(of: String($0)) }
        guard !after, !days.contains(nil) else { return nil }
        return .weekdays(Set(days.compactMap { $0.map { $0 + 1 } }))
    }
}
