import Foundation
import TaskModel
import TaskSync

/// `sync`: what it asks of `CalDAVSync`, and every sentence it says, each one line that fits 80
/// columns with a short address and task text (a list's address, a task's text, 20 characters).
enum SyncCommands {
    /// Runs `command` and returns its messages, and whether the list here changed.
    static func perform(_ command: SyncCommand, with sync: CalDAVSync, at moment: Moment) throws(SyncError) -> (messages: [Message], listChanged: Bool) {
        switch command {
        case .run:
            let report = try sync.sync()
            return (lines(report), report.received.total > 0)
        case let .pair(address, passwordCommand, allowsPlainHTTP):
            let request = CalDAVSync.PairRequest(address: address, passwordCommand: passwordCommand,
                                                 allowsPlainHTTP: allowsPlainHTTP)
            switch try sync.pair(request) {
            case let .found(lists):
                return (foundLines(lists, at: address), false)
            case let .synced(list, report, newlyPaired):
                return ((newlyPaired ? [pairedLine(list)] : []) + lines(report), report.received.total > 0)
            }
        case .status:
            guard let status = try sync.status() else {
                return ([.info("not paired: sync URL pairs this list with a CalDAV task list")], false)
            }
            return (statusLines(status, netrcFile: sync.netrcFile, at: moment), false)
        case .unpair:
            guard let pairing = try sync.unpair() else { return ([.info("not paired: there is nothing to unpair")], false) }
            return ([unpairedLine(pairing)], false)
        }
    }

    /// The task lists found at a server's address, to pair with one.
    static func foundLines(_ lists: [TaskListInfo], at address: String) -> [Message] {
        [.info("\(address) holds \(lists.count) task lists; pair with one: sync URL")]
            + lists.map { .info("  " + $0.url.absoluteString + ($0.name.map { "  (\($0))" } ?? "")) }
    }

    static func pairedLine(_ list: TaskListInfo) -> Message {
        .info("paired with " + list.url.absoluteString + (list.name.map { " (\($0))" } ?? ""))
    }

    static func unpairedLine(_ pairing: Pairing) -> Message {
        .info("unpaired from \(pairing.url.absoluteString); the tasks stay on both sides")
    }

    /// What `sync --status` says: with what, as whom; where the password comes from (`netrcFile`:
    /// the file `$NETRC` names, nil for `~/.netrc`); when it last synced.
    static func statusLines(_ status: SyncStatus, netrcFile: String?, at moment: Moment) -> [Message] {
        let pairing = status.pairing
        let who = pairing.user.map { " as \($0)" } ?? ""
        let password = pairing.passwordCommand.map { "`\($0)`" } ?? netrcFile ?? "~/.netrc"
        let when = status.lastSync.map { "last synced " + Self.time($0, at: moment) } ?? "not synced yet"
        let tasks = "\(status.syncedTasks) \(status.syncedTasks == 1 ? "task" : "tasks") on both sides"
        return [.info("paired with \(pairing.url.absoluteString)\(who)"), .info("password from " + password),
                .info("\(when); \(tasks)")]
    }

    /// The lines a sync says: what moved each way (the address is `sync --status`'s, and said
    /// when pairing), then one line per task both sides changed, per member that is not a to-do
    /// tasks can read, and for tasks left for the next sync.
    static func lines(_ report: SyncReport) -> [Message] {
        let received = counts(report.received)
        let sent = counts(report.sent)
        var summary = "synced: "
        if received.isEmpty, sent.isEmpty {
            summary += "nothing changed"
        } else {
            summary += [received.isEmpty ? nil : "received " + received, sent.isEmpty ? nil : "sent " + sent]
                .compactMap { $0 }.joined(separator: "; ")
        }
        var messages: [Message] = [.info(summary)]
        for conflict in report.conflicts { messages.append(.info(line(conflict))) }
        for skipped in report.skipped { messages.append(.error(line(skipped))) }
        for rejected in report.rejected {
            let status = "\(rejected.status) \(HTTPStatus.reason(rejected.status))"
            messages.append(.error("the server refused \"\(rejected.text.abbreviated(to: 40))\" (\(status))"))
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

    /// One line for a member of the task list the sync left alone there, by its own name (its
    /// folder is the task list's).
    private static func line(_ skipped: SyncReport.Skipped) -> String {
        let name = (skipped.href.split(separator: "/").last.map(String.init) ?? skipped.href).abbreviated(to: 40)
        switch skipped.reason {
        case let .unreadable(error):
            if case .unreadableRecurrence = error.problem {
                return "skipped the server's \(name): it repeats in a way tasks cannot follow"
            }
            return "skipped the server's \(name): " + InterchangeCommandError.explanation(of: error)
        case let .notFetched(status):
            return "skipped the server's \(name): its GET was answered \(status) \(HTTPStatus.reason(status))"
        }
    }

    /// One line for a task both sides changed: the later change won each field (`help sync` says
    /// so, and that undo takes back what the sync changed here).
    private static func line(_ conflict: SyncReport.Conflict) -> String {
        let task = "\"" + conflict.text.abbreviated(to: 40) + "\""
        var fields: [SyncField] = []
        var kept: [SyncSide] = []
        for found in conflict.conflicts {
            switch found {
            case .removal(on: .local): return "removed here and changed on the server: \(task) is back"
            case .removal(on: .remote): return "removed on the server and changed here: \(task) is kept"
            case let .field(field, side):
                fields.append(field)
                kept.append(side)
            }
        }
        let sides = Set(kept)
        let verdict = sides.count > 1 ? "each later one" : sides.first == .remote ? "the server's" : "this side's"
        return "both sides changed \(task) (\(fields.map(name).joined(separator: ", "))): kept \(verdict)"
    }

    /// What the prompt shows of a sync it ran in the background: no summary (the list shows what
    /// came), but each conflict and skipped member, and a failure once until a sync works again,
    /// which is then said. Returns the failure's message to remember.
    static func background(_ outcome: BackgroundSync.Outcome, failedBefore: String?) -> (messages: [Message], failure: String?) {
        switch outcome {
        case let .failed(error):
            let message = "sync: " + error.message
            return (message == failedBefore ? [] : [.error(message)], message)
        case let .synced(report, address):
            var messages = Array(lines(report).dropFirst())
            if failedBefore != nil { messages.insert(.info("synced with \(address) again"), at: 0) }
            return (messages, nil)
        }
    }

    /// What the prompt says as it closes of the sync that sends the changes made there: what a
    /// sync says, or one line (80 columns) that they wait for the next sync, and why.
    static func closing(_ finish: BackgroundSync.Finish, limit: TimeInterval) -> [Message] {
        let unsent = "unsent until the next sync: "
        switch finish {
        case .nothingToSend: return []
        case let .ended(.synced(report, _)): return lines(report)
        case let .ended(.failed(error)): return [.error(unsent + error.message.abbreviated(to: 80 - unsent.count))]
        case .timedOut: return [.error(unsent + "no answer within \(Int(limit.rounded())) s")]
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

extension SyncError {
    /// The one line that says what went wrong.
    var message: String {
        switch self {
        case let .invalidAddress(address):
            "`\(address.abbreviated(to: 40))` is not a CalDAV server's address (https://…)"
        case .passwordInAddress:
            "the address holds a password: put it in ~/.netrc or use --password-command"
        case .plainHTTP:
            // The host is the address just typed, or `sync --status`'s.
            "not sending the password over plain http: use https or --allow-plain-http"
        case .notPaired:
            "this list is not paired: sync URL pairs it with a CalDAV task list"
        case let .pairedElsewhere(address):
            "paired with \(address): sync --unpair first"
        case let .transport(failure, host):
            switch failure {
            case .refused: "cannot reach \(host): connection refused"
            case .unknownHost: "cannot reach \(host): no such host"
            case .timedOut: "\(host) did not answer in time"
            case .closed: "\(host) closed the connection"
            case .untrustedCertificate:
                "\(host): untrusted certificate (a private CA? set SSL_CERT_FILE)"
            case .unreadableCertificateFile: "cannot read the certificates of the file SSL_CERT_FILE names"
            case let .tls(reason): fitting("no secure connection to \(host): ", reason)
            case let .other(reason): fitting("cannot reach \(host): ", reason)
            }
        case let .unauthorized(host, hadPassword: true):
            "\(host) refused the user name and password"
        case let .unauthorized(host, hadPassword: false):
            "\(host) asks for a password (~/.netrc, or --password-command)"
        case let .status(code, method, path):
            "the server answered \(method) \(path.abbreviated(to: 60)) with \(code) \(HTTPStatus.reason(code))"
        case let .responseTooLarge(limit):
            "the server's answer is larger than \(limit >> 20) MiB: not a task list's"
        case let .malformedAnswer(what):
            "the server's answer is not WebDAV: \(what)"
        case .notATaskList:
            // The address is the one just typed.
            "no CalDAV task list there: give a task list's address, or the server's"
        case let .passwordCommand(.couldNotRun(reason)):
            "the password command could not run: \(reason)"
        case let .passwordCommand(.failed(status, line)):
            line.isEmpty ? "the password command exited with \(status)" : fitting("the password command exited with \(status): ", line)
        case .passwordCommand(.printedNothing):
            "the password command printed no password"
        case let .pairingFile(path, reason):
            "cannot use the pairing file \(path): \(reason)"
        case let .store(error):
            TaskPresenter.describe(error)
        case let .wouldEmptyServer(count):
            // `help sync` says how to bring them back, or empty both.
            "nothing synced: the list here is empty, the server's \(count) tasks would go"
        case let .wouldEmptyList(count):
            "nothing synced: the server's list is empty, the \(count) tasks here would go"
        }
    }

    /// `start` and then as much of `reason` (a library's words) as fits 80 columns after `sync: `.
    private func fitting(_ start: String, _ reason: String) -> String {
        start + reason.abbreviated(to: max(74 - start.count, 20))
    }
}

/// The reason phrases of the statuses a CalDAV server answers with.
enum HTTPStatus {
    static func reason(_ code: Int) -> String {
        switch code {
        case 207: "Multi-Status"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 412: "Precondition Failed"
        case 413: "Payload Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 507: "Insufficient Storage"
        default: code >= 500 ? "Server Error" : ""
        }
    }
}
