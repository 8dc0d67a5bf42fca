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

    /// `find` with a word that often matches (any case), or some random text.
    private static let find = zip(separator, Gen.frequency(
        (weight: 3, gen: Gen<String?>.element(of: ["a", "A", "É", "e", "1", "中"]).map { $0 ?? "a" }),
        (weight: 1, gen: text)
    )).map { "find" + $0 + $1 }
}
