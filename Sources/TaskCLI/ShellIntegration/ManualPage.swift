import Foundation
import TaskPresenter

/// The man page, `tasks.1`, in `man(7)` format: its synopsis and options from the command line's
/// definitions, everything else from the presenter (`ManualText`, and `help` for the commands).
struct ManualPage {
    /// The command line.
    var interface: CommandLineInterface
    /// What `--version` prints (`tasks 0.1.0`): the page's source and version.
    var version: String

    /// The page's roff source.
    var text: String {
        var lines = [
            #".\" Made by `tasks --generate man`: change the program, not this file."#,
            ".TH \(interface.name.uppercased()) 1 \"\" \"\(version)\" \"User Commands\"",
            ".SH NAME",
            Roff.text("\(interface.name) - \(purpose)"),
            ".SH SYNOPSIS",
        ] + synopsis
        for section in [ManualText.description, options, ManualText.commands] + ManualText.closing {
            lines += Self.lines(of: section)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The abstract as the NAME line has it: `a to-do list for the terminal`.
    private var purpose: String {
        var purpose = interface.abstract
        if purpose.last == "." { purpose.removeLast() }
        return purpose.prefix(1).lowercased() + purpose.dropFirst()
    }

    /// The usage lines, then a line for each flag that they leave out (`--help`, `--version`). A
    /// usage line starting with spaces goes on with the one before (roff fills the line itself).
    private var synopsis: [String] {
        let usages = interface.usage.replacing(/\n +/, with: " ").split(separator: "\n").map { $0.split(separator: " ") }
        var lines = usages.map { words in
            "\\fB" + Roff.text(String(words.first ?? "")) + "\\fR " + words.dropFirst().map(Self.usageWord).joined(separator: " ")
        }
        let used = Set(usages.joined().map { $0.trimmingCharacters(in: ["[", "]"]) })
        for flag in interface.flags where !flag.names.contains(where: used.contains) {
            lines.append("\\fB\(Roff.text(interface.name))\\fR " + flag.names.map(Self.bold).joined(separator: " | "))
        }
        return lines.joined(separator: "\n.br\n").split(separator: "\n").map(String.init)
    }

    /// A word of the usage line: flags in bold, `<placeholders>` in italics, brackets kept.
    private static func usageWord(_ word: Substring) -> String {
        let core = word.trimmingCharacters(in: ["[", "]"])
        let opening = String(word.prefix { $0 == "[" })
        let closing = String(word.reversed().prefix { $0 == "]" })
        let marked = core.hasPrefix("<") && core.hasSuffix(">") ? italic(String(core.dropFirst().dropLast()))
            : core.hasPrefix("-") ? bold(core) : Roff.text(core)
        return Roff.text(opening) + marked + Roff.text(closing)
    }

    /// OPTIONS: each flag with its value, and its help.
    private var options: ManualSection {
        ManualSection("OPTIONS", interface.flags.map { flag in
            let value = !flag.values.isEmpty ? " " + flag.values.map { "`\($0)`" }.joined(separator: "|")
                : flag.valueName.map { " " + $0.uppercased() } ?? ""
            return .item(term: flag.names.map { "`\($0)`" }.joined(separator: ", ") + value, text: [flag.help])
        })
    }

    private static func lines(of section: ManualSection) -> [String] {
        [".SH " + Roff.text(section.title)] + section.blocks.flatMap { block -> [String] in
            switch block {
            case let .paragraph(text):
                return [".PP", Roff.text(text)]
            case let .item(term, text):
                return [".TP", Roff.text(term)] + text.enumerated().flatMap { index, paragraph in
                    (index == 0 ? [] : [".IP"]) + [Roff.text(paragraph)]
                }
            case let .example(lines):
                return [".PP", ".RS", ".nf"] + lines.map { Roff.text($0, literal: true) } + [".fi", ".RE"]
            }
        }
    }

    private static func bold(_ text: String) -> String { "\\fB" + Roff.text(text) + "\\fR" }
    private static func italic(_ text: String) -> String { "\\fI" + Roff.text(text) + "\\fR" }
}
