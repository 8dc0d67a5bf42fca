import PropertyBased

/// Generators of command lines as a user would type them: mostly valid commands over a short list,
/// with hostile text (Unicode, control characters, NUL) and a share of invalid lines.
enum CommandLines {
    /// One line of input.
    static let line = Gen.frequency(
        (weight: 6, gen: add),
        (weight: 2, gen: numbersCommand("fav")),
        (weight: 2, gen: numbersCommand("done")),
        (weight: 2, gen: numbersCommand("rm")),
        (weight: 1.5, gen: edit),
        (weight: 1.5, gen: move),
        (weight: 0.8, gen: find),
        (weight: 2, gen: addWithAttributes),
        (weight: 1, gen: editWithAttributes),
        (weight: 1.5, gen: due),
        (weight: 1, gen: tag),
        (weight: 1.2, gen: every),
        (weight: 0.4, gen: Gen.always("today")),
        (weight: 0.4, gen: Gen.always("upcoming")),
        (weight: 0.3, gen: Gen.always("clear")),
        (weight: 0.5, gen: Gen.always("clear done")),
        (weight: 1.5, gen: Gen.always("undo")),
        (weight: 0.8, gen: Gen.always("redo")),
        (weight: 0.8, gen: Gen<String?>.element(of: oddLines).map { $0 ?? "" })
    )

    /// A session: one line after another.
    static let session = line.array(of: 30...60)

    /// Several scripts run one after another, each a few lines.
    static let scripts = line.array(of: 1...12).array(of: 3...8)

    // MARK: Pieces

    /// Lines that are blank, comments, listing, help, or mistakes of every kind.
    private static let oddLines = [
        "", "   ", "# rm 1", "ls", "list", " list ", "help", "help rm", "help nope", "list 2", "clear now",
        "fav", "rm", "fav 0", "rm 99", "rm 3-1", "fav 1-", "fav -1", "rm x", "rm 1 x", "fav １", "rm ٣",
        "rm 99999999999999999999", "fav 1-99999999999", "edit", "edit 1", "edit 1-2 x", "edit 0 x",
        "edit x y", "add", "add   \t ", "Add x", "frob 1", "undo 1", "redo now", "quit", "exit",
        "done", "done 0", "mv", "mv 1", "mv 1 2 3", "mv 1-2 3", "mv 1 0", "find", "find   ", "clear done now",
        "clear Done", "list", "help mv", "help find",
        "due", "due 1", "due today", "due x today", "due 0 today", "tag", "tag 1", "tag 1 home", "tag 1 +1",
        "tag 1 -+a", "every", "every 1", "every 1 day week", "every 1 fortnight", "today 1", "upcoming now",
        "help due", "help tag", "help every", "help today", "help upcoming", "add due:fri +home", "add \\+home",
        "find +home", "find @phone", "find +HOME a", "find +home \u{4E2D}",
    ]

    /// Word separators: a space mostly, sometimes more, or a tab.
    private static let separator = Gen.frequency(
        (weight: 6, gen: Gen.always(" ")),
        (weight: 1, gen: Gen<String?>.element(of: ["  ", "\t", " \t ", "\u{0B}"]).map { $0 ?? " " })
    )

    /// Bits of task text: letters and digits mostly, some spaces, and some characters that are
    /// easy to get wrong (combining marks, wide characters, emoji sequences, control characters, NUL).
    private static let textPiece = Gen.frequency(
        (weight: 6, gen: Gen.letterOrNumber.map { String($0) }),
        (weight: 1, gen: Gen.always(" ")),
        (weight: 2, gen: Gen<String?>.element(of: [
            "é", "e\u{301}", "\u{301}", "中", "🙂", "👩‍👩‍👧", "\u{1B}", "\u{1B}[31m", "\u{1B}]0;x\u{7}", "\u{7}",
            "\r", "\u{8}", "\0", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{FEFF}", "\u{200B}", "#", "-",
            "\t", "\n", "\r\n", "1", "1-2", "  ",
        ]).map { $0 ?? "" })
    )

    /// A task text: random pieces, or one of a few short words so that edits sometimes keep the text.
    private static let text = Gen.frequency(
        (weight: 4, gen: textPiece.array(of: 0...8).map { $0.joined() }),
        (weight: 1, gen: Gen<String?>.element(of: ["a", "b", "é", "e\u{301}"]).map { $0 ?? "" })
    )

    private static let add = zip(separator, text).map { "add" + $0 + $1 }

    /// A task number: mostly within a short list, sometimes beyond it.
    private static let number = Gen.frequency(
        (weight: 6, gen: Gen.int(in: 1...2)),
        (weight: 3, gen: Gen.int(in: 3...5)),
        (weight: 1, gen: Gen.int(in: 6...14))
    )

    /// `N` or a range `N-M` (N ≤ M).
    private static let numberToken = Gen.frequency(
        (weight: 3, gen: number.map { String($0) }),
        (weight: 1, gen: zip(number, Gen.int(in: 0...3)).map { "\($0)-\($0 + $1)" })
    )

    /// One to three numbers or ranges, one most often.
    private static let numberTokens = Gen.frequency(
        (weight: 3, gen: numberToken.array(of: 1)),
        (weight: 2, gen: numberToken.array(of: 2...3))
    )

    private static func numbersCommand(_ name: String) -> Generator<String, some SendableSequenceType> {
        zip(separator, numberTokens).map { separator, tokens in
            name + separator + tokens.joined(separator: separator)
        }
    }

    private static let edit = zip(separator, number, separator, text).map { "edit" + $0 + String($1) + $2 + $3 }

    private static let move = zip(separator, number, separator, number).map { "mv" + $0 + String($1) + $2 + String($3) }

    // MARK: Due dates, tags, recurrence

    /// Date words that mean one day given the fixed clock (`fri` is the next Friday after it; two
    /// that are no date at all).
    private static let dateWord = Gen<String?>.element(of: [
        "today", "tomorrow", "Tomorrow", "yesterday", "fri", "wed", "eow", "3d", "2026-11-20", "2026-12-01",
        "2027-01-31", "2026-02-30", "someday",
    ]).map { $0 ?? "today" }

    /// Times of day: before, at and after the clock's noon, and one that is none.
    private static let timeWord = Gen<String?>.element(of: ["9:00", "12:00", "17:00", "5pm", "12am", "25:00"])
        .map { $0 ?? "9:00" }

    /// A date, sometimes with a time after it.
    private static let date = Gen.frequency(
        (weight: 3, gen: dateWord),
        (weight: 1, gen: zip(dateWord, timeWord).map { $0 + " " + $1 })
    )

    /// Periods of days and weeks (which the reference model counts itself), days of the week, and mistakes.
    private static let period = Gen<String?>.element(of: [
        "day", "week", "2w", "3d", "3d-after", "week-after", "mon,thu", "weekday", "fortnight", "mon-after", "0d",
    ]).map { $0 ?? "day" }

    /// Words of `tag N…`: adding and removing tags and contexts, and some that are neither.
    private static let tagChange = Gen<String?>.element(of: [
        "+home", "-home", "+Home", "+work", "-work", "+@phone", "-@phone", "@desk", "+é", "+e\u{301}", "home", "+1",
    ]).map { $0 ?? "+home" }

    private static let due = zip(separator, numberTokens, separator, Gen.frequency(
        (weight: 5, gen: date), (weight: 1, gen: Gen.always("none"))
    )).map { "due" + $0 + $1.joined(separator: $0) + $2 + $3 }

    private static let tag = zip(separator, numberTokens, separator, tagChange.array(of: 1...3)).map {
        "tag" + $0 + $1.joined(separator: $0) + $2 + $3.joined(separator: " ")
    }

    private static let every = zip(separator, numberTokens, separator, Gen.frequency(
        (weight: 5, gen: period), (weight: 1, gen: Gen.always("none"))
    )).map { "every" + $0 + $1.joined(separator: $0) + $2 + $3 }

    /// Words of an `add` or `edit` text that set a field, that only look as if they did, or that a
    /// backslash keeps as text.
    private static let attributeWord = Gen.frequency(
        (weight: 3, gen: date.map { "due:" + $0 }),
        (weight: 2, gen: period.map { "every:" + $0 }),
        (weight: 3, gen: Gen<String?>.element(of: ["+home", "+Home", "+work", "@phone", "+é", "+e\u{301}"]).map { $0 ?? "" }),
        (weight: 2, gen: Gen<String?>.element(of: [
            "due:none", "every:none", "DUE:today", "due:", "+1", "@", "+", "\\+home", "\\due:fri", "\\\\x", "\\x",
        ]).map { $0 ?? "" })
    )

    /// A text with attribute words: random text first, then the attribute words, sometimes a plain
    /// word after them (never random text, whose first word could read as a time after `due:`), or
    /// one that starts with a combining mark, which must not join the space before it to a tag.
    private static let attributedText = zip(
        Gen.frequency((weight: 3, gen: text.map { $0 + " " }), (weight: 1, gen: Gen.always(""))),
        zip(attributeWord, Gen<String?>.element(of: [" ", "\t", "  "]).map { $0 ?? " " }).array(of: 1...3),
        Gen<String?>.element(of: ["", "", " x", "\tb", " \u{301}x"]).map { $0 ?? "" }
    ).map { text, attributes, last in
        text + attributes.map { $0 + $1 }.joined().dropLast() + last
    }

    private static let addWithAttributes = zip(separator, attributedText).map { "add" + $0 + $1 }

    private static let editWithAttributes = zip(separator, number, separator, attributedText).map {
        "edit" + $0 + String($1) + $2 + $3
    }

    /// `find` with a word that often matches (any case), tags with or without words, or some random text.
    private static let find = zip(separator, Gen.frequency(
        (weight: 3, gen: Gen<String?>.element(of: ["a", "A", "É", "e", "1", "中"]).map { $0 ?? "a" }),
        (weight: 2, gen: Gen<String?>.element(of: ["+home", "+HOME", "@phone", "+home é", "+é b"]).map { $0 ?? "+home" }),
        (weight: 1, gen: text)
    )).map { "find" + $0 + $1 }
}
