import TaskInterchange
import TaskModel

/// What an import did, or with `--dry-run` would do, as messages: with a dry run, a line for each
/// task added, updated or skipped; then one line of counts.
struct ImportReport {
    var file: String
    var format: InterchangeFormat
    var parsed: ParsedFile
    var tasks: [TaskImport]
    var outcome: ImportOutcome
    var dryRun: Bool

    var messages: [Message] {
        var lines: [Message] = []
        if dryRun {
            for (task, effect) in zip(tasks, outcome.effects) {
                switch effect {
                case .added: lines.append(.info("would add: \(task.text.abbreviated(to: 60))"))
                case .updated: lines.append(.info("would update: \(task.text.abbreviated(to: 60))"))
                case .unchanged: break
                }
            }
            for entry in parsed.skipped {
                let what = entry.reason == .noText ? "line \(entry.line)" : (entry.text ?? "").abbreviated(to: 60)
                lines.append(.info("would skip: \(what) (\(Self.reason(entry.reason)))"))
            }
        }
        let name = file == "-" ? "standard input" : file
        let unchanged = outcome.count(.unchanged)
        let counts = if unchanged > 0, unchanged == outcome.effects.count {
            // The file read again: one plain sentence rather than counts of nothing.
            (dryRun ? "nothing to add or update, " : "nothing added or updated, ")
                + (unchanged == 1 ? "its 1 task is already in the list" : "its \(unchanged) tasks are already in the list")
        } else if dryRun {
            "\(outcome.count(.added)) to add, \(outcome.count(.updated)) to update, \(unchanged) unchanged"
        } else {
            "\(outcome.count(.added)) added, \(outcome.count(.updated)) updated, \(unchanged) unchanged"
        }
        let skipped = parsed.skipped.isEmpty ? "" : ", \(parsed.skipped.count) skipped (\(skippedReasons))"
        let head = dryRun ? "Dry run of" : "Imported"
        let tail = dryRun ? "; nothing was changed" : ""
        lines.append(.info("\(head) \(name) (\(InterchangeCommands.formatName(format))): \(counts)\(skipped)\(tail)"))
        let series = parsed.unfollowedSeries
        if series > 0 {
            let one = series == 1
            lines.append(.info("\(series) \(one ? "task repeats" : "tasks repeat") as tasks cannot follow: "
                               + "\(dryRun ? "to import" : "imported") as \(one ? "a one-off, its" : "one-offs, their") rule kept"))
        }
        return lines
    }

    /// `2 deleted in Taskwarrior, 1 recurring template, 2 with no text on lines 3 and 7`.
    private var skippedReasons: String {
        var counts: [(reason: String, lines: [Int])] = []
        for entry in parsed.skipped {
            let reason = Self.reason(entry.reason)
            if let index = counts.firstIndex(where: { $0.reason == reason }) {
                counts[index].lines.append(entry.line)
            } else {
                counts.append((reason, [entry.line]))
            }
        }
        return counts.map { count in
            let lines = count.reason == Self.reason(.noText) ? " on " + Self.lineList(count.lines) : ""
            return "\(count.lines.count) \(count.reason)\(lines)"
        }.joined(separator: ", ")
    }

    /// `line 3`, `lines 3 and 7`, `lines 3, 7, 8, 9, 12 and 4 more`: which entries, so that they can be found.
    private static func lineList(_ lines: [Int]) -> String {
        guard lines.count > 1 else { return "line \(lines.first ?? 0)" }
        let shown = lines.prefix(5).map(String.init)
        let last = lines.count > 5 ? "\(lines.count - 5) more" : shown[shown.count - 1]
        return "lines " + (lines.count > 5 ? shown : shown.dropLast()).joined(separator: ", ") + " and " + last
    }

    private static func reason(_ reason: SkippedEntry.Reason) -> String {
        switch reason {
        case .deleted: "deleted in Taskwarrior"
        case .recurringTemplate: "recurring template"
        case let .notAToDo(component): "\(component), not a to-do"
        case .noText: "with no text"
        }
    }
}
