import Foundation
import TaskModel
import TaskSync
import TaskWidth

/// `sync`: what it asks of `CalDAVSync`, and every sentence it says, each one line that fits 80
/// columns with a short address and task text (a list's address, a task's text, 20 characters).
enum SyncCommands {
    /// A sync's failure in words: where a sentence names the file the password is read from, the
    /// one `$NETRC` names when it names one.
    struct Failure: Error {
        let message: String
    }

    /// What a `sync` command came to: its messages, whether the list here changed, and whether it
    /// did all it was asked: every change made here sent, a pairing made (an address holding several
    /// task lists pairs none). A script running `tasks sync` learns from its status that it did
    /// not (found by independent testers).
    struct Outcome {
        var messages: [Message]
        var listChanged = false
        var didAll = true
    }

    /// What a sync says while another sync of the list holds it up (another prompt's, waiting on a
    /// server that does not answer, or a `tasks sync` of a long list).
    static let waitingLine = Message.info("another sync of this list is under way: waiting for it (Ctrl-C stops)")

    /// Runs `command` and returns what it came to. `sentBefore`: what the prompt's own syncs sent
    /// since the last `sync` typed there. `say` shows a line at once, while the command runs.
    static func perform(_ command: SyncCommand, with sync: CalDAVSync, at moment: Moment,
                        sentBefore: SyncReport.Counts = .init(), say: (Message) -> Void = { _ in }) throws(Failure) -> Outcome {
        do {
            return try performing(command, with: sync, at: moment, sentBefore: sentBefore, waiting: { say(waitingLine) })
        } catch {
            throw Failure(message: error.message(netrcFile: sync.netrcFile))
        }
    }

    private static func performing(_ command: SyncCommand, with sync: CalDAVSync, at moment: Moment,
                                   sentBefore: SyncReport.Counts, waiting: () -> Void) throws(SyncError) -> Outcome {
        func synced(_ report: SyncReport, after said: [Message] = []) -> Outcome {
            Outcome(messages: said + lines(report, sentBefore: sentBefore), listChanged: report.received.total > 0,
                    didAll: unsent(report) == 0)
        }
        switch command {
        case .run:
            return synced(try sync.sync(waiting: waiting))
        case let .pair(address, passwordCommand, allowsPlainHTTP):
            let request = CalDAVSync.PairRequest(address: address, passwordCommand: passwordCommand,
                                                 allowsPlainHTTP: allowsPlainHTTP)
            switch try sync.pair(request, waiting: waiting) {
            case let .found(lists):
                return Outcome(messages: foundLines(lists, at: address), didAll: false)
            case let .synced(list, report, newlyPaired):
                return synced(report, after: newlyPaired ? [pairedLine(list)] : [])
            }
        case .status:
            guard let status = try sync.status() else {
                return Outcome(messages: [.info("not paired: sync URL pairs this list with a CalDAV task list")])
            }
            return Outcome(messages: statusLines(status, netrcFile: sync.netrcFile, at: moment))
        case .unpair:
            switch try sync.unpair(waiting: waiting) {
            case nil: return Outcome(messages: [.info("not paired: there is nothing to unpair")])
            case let .from(pairing)?: return Outcome(messages: [unpairedLine(pairing)])
            case .unreadableFileRemoved?: return Outcome(messages: [.info("removed the pairing file, which was not one: sync URL pairs again")])
            }
        }
    }

    /// The task lists found at a server's address, to pair with one.
    static func foundLines(_ lists: [TaskListInfo], at address: String) -> [Message] {
        [.info("\(address) holds \(lists.count) task lists; pair with one: sync URL")]
            + lists.map { .info(naming("  " + $0.url.absoluteString + " ", $0.name)) }
    }

    static func pairedLine(_ list: TaskListInfo) -> Message {
        .info(naming("paired with " + list.url.absoluteString, list.name))
    }

    /// `start` and ` (NAME)`, a task list's name, shortened to what is left of 80 columns: an
    /// address is given whole (it is typed again), but a name is the server's, of any length (one
    /// of 100 characters took 150 columns: found by an independent tester).
    private static func naming(_ start: String, _ name: String?) -> String {
        guard let name else { return start }
        return fitting(start + " (", name, ")")
    }

    /// `start`, `text` and `end` in one line of 80 columns: `text` (a task's, a list's, a server's
    /// words) shortened to what the others leave, 12 columns at least.
    private static func fitting(_ start: String, _ text: String, _ end: String = "") -> String {
        start + text.abbreviated(to: max(80 - DisplayWidth.of(start + end), 12)) + end
    }

    static func unpairedLine(_ pairing: Pairing) -> Message {
        .info("unpaired from \(pairing.url.absoluteString); no task was removed")
    }

    /// What `sync --status` says: with what, as whom; where the password comes from (`netrcFile`:
    /// the file `$NETRC` names, nil for `~/.netrc`); when it last synced; the to-dos on the server
    /// the syncs leave alone, which only the sync that found them named.
    static func statusLines(_ status: SyncStatus, netrcFile: String?, at moment: Moment) -> [Message] {
        let pairing = status.pairing
        let who = pairing.user.map { " as \($0)" } ?? ""
        let password = pairing.passwordCommand.map { "`\($0)`" } ?? netrcFile ?? "~/.netrc"
        // The tasks on both sides as the last sync left them: a list replaced since may hold none
        // of them (a sync refuses it). A first sync cut short keeps what it sent: not nothing, not done.
        let tasks = "\(status.syncedTasks) \(status.syncedTasks == 1 ? "task" : "tasks")"
        let when = status.lastSync.map { "last synced \(Self.time($0, at: moment)); \(tasks) \(status.syncedTasks == 1 ? "was" : "were") on both sides" }
            ?? (status.syncedTasks > 0 ? "first sync not finished (sync finishes it); \(tasks) on both sides so far" : "not synced yet")
        // `sync` says what fails.
        let failed = status.lastFailure.map { [Message.info("last sync failed \(Self.time($0, at: moment)): run sync to see why")] } ?? []
        let leftAlone = status.leftAlone == 0 ? []
            : [Message.info("left alone: \(status.leftAlone) \(status.leftAlone == 1 ? "to-do" : "to-dos") on the server that tasks cannot read or follow")]
        return [.info("paired with \(pairing.url.absoluteString)\(who)"), .info("password from " + password),
                .info(when)] + failed + leftAlone
    }

    /// The lines a sync says: what moved each way (the address is `sync --status`'s, and said
    /// when pairing), then one line per task both sides changed, per member that is not a to-do
    /// tasks can read, and for tasks left for the next sync. A sync with nothing to do after the
    /// prompt's own syncs sent changes (`sentBefore`) says that they were sent.
    static func lines(_ report: SyncReport, sentBefore: SyncReport.Counts = .init()) -> [Message] {
        let received = counts(report.received)
        let sent = counts(report.sent)
        // A change here the server refused, that cannot be sent, or that waits for the next sync
        // (the task changed there meanwhile), is not "nothing changed": the first line says it was
        // not sent (found by independent testers), the lines below why.
        let unsent = unsent(report)
        var summary = "synced: "
        if received.isEmpty, sent.isEmpty {
            if unsent > 0 {
                summary += "\(unsent) \(unsent == 1 ? "change" : "changes") not sent"
            } else {
                summary += "nothing changed"
                if sentBefore.total > 0 { summary += "; the prompt had sent " + counts(sentBefore) }
            }
        } else {
            summary += [received.isEmpty ? nil : "received " + received, sent.isEmpty ? nil : "sent " + sent,
                        unsent == 0 ? nil : "\(unsent) not sent"].compactMap { $0 }.joined(separator: "; ")
        }
        var messages: [Message] = [.info(summary)]
        for conflict in report.conflicts { messages.append(.info(line(conflict))) }
        for skipped in report.skipped { messages.append(.error(line(skipped))) }
        for rejected in report.rejected {
            messages.append(.error(fitting("the server refused \"", rejected.text, "\" (\(HTTPStatus.text(rejected.status)))")))
        }
        if report.notSent > 0 {
            messages.append(.error(report.notSent == 1 ? "1 task changed here is not sent: tasks cannot read the server's copy"
                                   : "\(report.notSent) tasks changed here are not sent: tasks cannot read the server's copies"))
        }
        if report.postponed > 0 {
            messages.append(.info("\(report.postponed) \(report.postponed == 1 ? "task was" : "tasks were") changed on the server during this sync: the next sync takes \(report.postponed == 1 ? "it" : "them")"))
        }
        return messages
    }

    /// How many changes made here a sync did not send: refused, not sendable, or left for the next
    /// sync (each one a write the server's change made fail).
    private static func unsent(_ report: SyncReport) -> Int {
        report.rejected.count + report.notSent + report.postponed
    }

    /// One line for a member of the task list the sync left alone there: by its text, quoted as
    /// tasks are, when its data came and holds one, else by its own name (its folder is the task
    /// list's), shortened in the middle, since servers and phones name one by a UUID of 40 and more.
    /// The name gives way to the reason, down to 8 columns, where that keeps the reason whole: it
    /// was cut (found by an independent tester). A reason longer still is shortened.
    static func line(_ skipped: SyncReport.Skipped) -> String {
        let reason: String
        switch skipped.reason {
        case let .unreadable(error):
            switch error.problem {
            case .unreadableRecurrence: reason = "tasks cannot follow how it repeats"
            // Its lines' numbers say little of a member: it is one to-do of a series and its exceptions, often.
            case .severalToDos: reason = "it holds more than one VTODO"
            default: reason = InterchangeCommandError.explanation(of: error)
            }
        case let .notFetched(status):
            reason = "GET gave \(HTTPStatus.text(status))"
        case .sameUID:
            reason = "another to-do there has its UID"
        }
        var room = 80 - DisplayWidth.of("skipped the server's \"\": " + reason)
        if room < 8 { room = 20 }
        let name = skipped.summary.map { "\"" + $0.abbreviated(to: min(room, 20)) + "\"" }
            ?? (skipped.href.split(separator: "/").last.map(String.init) ?? skipped.href).abbreviatedInMiddle(to: min(room + 2, 22))
        return fitting("skipped the server's \(name): ", reason)
    }

    /// One line for a task both sides changed: the later change won each field (`help sync` says
    /// so, and that undo takes back what the sync changed here).
    /// The task's text is shortened to fit the line in 80 columns (it was cut at 40 characters,
    /// and a line naming three fields took 105; then cut by characters, and a Japanese text's took
    /// 96: both found by independent testers).
    private static func line(_ conflict: SyncReport.Conflict) -> String {
        func naming(_ start: String, _ end: String) -> String {
            fitting(start + "\"", conflict.text, "\"" + end)
        }
        var fields: [String] = []
        var kept: [SyncSide] = []
        for found in conflict.conflicts {
            switch found {
            case .removal(on: .local): return naming("removed here and changed on the server: ", " is back")
            case .removal(on: .remote): return naming("removed on the server and changed here: ", " is kept")
            case let .field(field, side):
                fields.append(name(field))
                kept.append(side)
            case let .moved(side):
                fields.append("place")
                kept.append(side)
            }
        }
        let sides = Set(kept)
        let verdict = sides.count > 1 ? "each later one" : sides.first == .remote ? "the server's" : "this side's"
        // The fields counted where naming them would leave the text less than 12 columns: a line
        // naming four took 86 (found by an independent tester).
        let named = " (\(fields.joined(separator: ", "))): kept \(verdict)"
        let counted = " (\(fields.count) fields): kept \(verdict)"
        return naming("both sides changed ", DisplayWidth.of("both sides changed \"\"" + named) + 12 > 80 ? counted : named)
    }

    /// What the prompt shows of a sync it ran in the background: no summary (the list shows what
    /// came), but each conflict and skipped member, and a failure once until a sync works again,
    /// which is then said (`netrcFile`: the file `$NETRC` names, nil for `~/.netrc`), and the
    /// changes made here that cannot be sent when their number is not `notSentBefore`, which a sync
    /// a minute would say again and again. Returns the failure's message to remember, and that number.
    static func background(_ outcome: BackgroundSync.Outcome, failedBefore: String?, notSentBefore: Int = 0,
                           netrcFile: String?) -> (messages: [Message], failure: String?, notSent: Int) {
        switch outcome {
        case let .failed(error):
            let message = "sync: " + error.message(netrcFile: netrcFile)
            return (message == failedBefore ? [] : [.error(message)], message, notSentBefore)
        case let .synced(report, address):
            var shown = report
            if report.notSent == notSentBefore { shown.notSent = 0 }
            var messages = Array(lines(shown).dropFirst())
            // The host, as the failure named it ("cannot reach HOST"): a whole address can pass 80 columns.
            let host = URL(string: address)?.host ?? address
            if failedBefore != nil { messages.insert(.info("synced with \(host) again"), at: 0) }
            return (messages, nil, report.notSent)
        }
    }

    /// What the prompt says as it closes of the sync that sends the changes made there: what a
    /// sync says, or one line (80 columns) that they wait for the next sync, and why (`netrcFile`: as `message(netrcFile:)`).
    static func closing(_ finish: BackgroundSync.Finish, limit: TimeInterval, netrcFile: String?) -> [Message] {
        let unsent = "unsent until the next sync: "
        switch finish {
        case .nothingToSend: return []
        case let .ended(.synced(report, _)): return lines(report)
        case let .ended(.failed(error)):
            if case let .store(stored as StoreError) = error, let lost = stored.unsentChangesLost { return [.error(lost)] }
            // No later sync sends them while the task list is gone: not "until the next sync", and
            // the way out whole (it was cut at 80 columns: found by an independent tester).
            if case .taskListGone = error { return [.error("unsent: the task list paired with is no longer on the server (sync --unpair)")] }
            return [.error(unsent + error.message(netrcFile: netrcFile).abbreviated(to: 80 - unsent.count))]
        // Not "no answer": the server may answer, and a password command be what has not ended
        // (found by an independent tester).
        case .timedOut: return [.error(unsent + "the sync was not done within \(Int(limit.rounded())) s")]
        case .waitedForAnotherSync: return [.error(unsent + "another sync of this list was under way for \(Int(limit.rounded())) s")]
        case .givenUp: return [.error(unsent + "interrupted")]
        }
    }

    private static func counts(_ counts: SyncReport.Counts) -> String {
        [(counts.added, "new"), (counts.updated, "changed"), (counts.removed, "removed"), (counts.moved, "moved")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }

    private static func name(_ field: SyncField) -> String {
        switch field {
        case .text: "text"
        case .favorite: "favourite"
        case .done: "done"
        case .due: "due date"
        case .tags: "tags"
        case .recurrence: "recurrence"
        }
    }

    /// A time as the list shows dates: the day, and the hour and minute where the clock is.
    private static func time(_ date: Date, at moment: Moment) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = moment.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
