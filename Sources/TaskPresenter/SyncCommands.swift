import Foundation
import TaskModel
import TaskSync

/// `sync`: what it asks of `CalDAVSync`, and every sentence it says.
enum SyncCommands {
    /// Runs `command` and returns its messages, and whether the list here changed.
    static func perform(_ command: SyncCommand, with sync: CalDAVSync, at moment: Moment) throws(SyncError) -> (messages: [Message], listChanged: Bool) {
        switch command {
        case .run:
            let report = try sync.sync()
            return (lines(report, with: report.address), report.received.total > 0)
        case let .pair(address, passwordCommand, allowsPlainHTTP):
            let request = CalDAVSync.PairRequest(address: address, passwordCommand: passwordCommand,
                                                 allowsPlainHTTP: allowsPlainHTTP)
            switch try sync.pair(request) {
            case let .found(lists):
                return ([.info("\(address) holds \(lists.count) task lists; pair with one: sync URL")]
                        + lists.map { .info("  " + $0.url.absoluteString + ($0.name.map { "  (\($0))" } ?? "")) }, false)
            case let .synced(list, report, newlyPaired):
                let paired: [Message] = newlyPaired
                    ? [.info("paired with " + list.url.absoluteString + (list.name.map { " (\($0))" } ?? ""))] : []
                return (paired + lines(report, with: list.url.absoluteString), report.received.total > 0)
            }
        case .status:
            guard let status = try sync.status() else {
                return ([.info("not paired: sync URL pairs this list with a CalDAV task list")], false)
            }
            let pairing = status.pairing
            let who = pairing.user.map { " as \($0)" } ?? ""
            let password = pairing.passwordCommand.map { "password from `\($0)`" } ?? "password from ~/.netrc"
            let when = status.lastSync.map { "last synced " + Self.time($0, at: moment) } ?? "not synced yet"
            return ([.info("paired with \(pairing.url.absoluteString)\(who) (\(password)); \(when), "
                           + "\(status.syncedTasks) \(status.syncedTasks == 1 ? "task" : "tasks") on both sides")], false)
        case .unpair:
            guard let pairing = try sync.unpair() else { return ([.info("not paired: there is nothing to unpair")], false) }
            return ([.info("unpaired from \(pairing.url.absoluteString); the tasks stay here and on the server")], false)
        }
    }

    /// The lines a sync says: what moved each way, then one line per task both sides changed,
    /// per member that is not a to-do tasks can read, and for tasks left for the next sync.
    static func lines(_ report: SyncReport, with address: String) -> [Message] {
        let received = counts(report.received)
        let sent = counts(report.sent)
        var summary = "synced with \(address): "
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
            messages.append(.error("the server refused \"\(rejected.text.abbreviated(to: 40))\" (\(rejected.status) \(HTTPStatus.reason(rejected.status))); it is left as it is on both sides"))
        }
        if report.postponed > 0 {
            messages.append(.info("\(report.postponed) \(report.postponed == 1 ? "task was" : "tasks were") changed on the server during this sync: the next sync takes \(report.postponed == 1 ? "it" : "them")"))
        }
        return messages
    }

    /// One line for a member of the task list the sync left alone.
    private static func line(_ skipped: SyncReport.Skipped) -> String {
        let left = "; left on the server as it is"
        switch skipped.reason {
        case let .unreadable(error):
            if case let .unreadableRecurrence(rule) = error.problem {
                return "\(skipped.href) repeats in a way tasks cannot follow (RRULE:\(rule.abbreviated(to: 60)))" + left
            }
            return InterchangeCommandError.malformed(skipped.href, .ics, error).description + left
        case let .notFetched(status):
            return "the server answered GET \(skipped.href.abbreviated(to: 60)) with \(status) \(HTTPStatus.reason(status))" + left
        }
    }

    /// One line for a task both sides changed.
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
        let made = sides.count > 1 ? "from each side" : sides.first == .remote ? "made on the server (undo brings back this side's)" : "made here"
        return "changed on both sides: \(task) (\(fields.map(name).joined(separator: ", "))); kept the later change, \(made)"
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
            var messages = Array(lines(report, with: address).dropFirst())
            if failedBefore != nil { messages.insert(.info("synced with \(address) again"), at: 0) }
            return (messages, nil)
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
            "`\(address.abbreviated(to: 60))` is not the address of a CalDAV server (https://…)"
        case .passwordInAddress:
            "the address holds a password, which would be kept in clear: put it in ~/.netrc, or name a command with --password-command"
        case let .plainHTTP(host):
            "not sending the password to \(host) over plain http: use https, or --allow-plain-http on a network you trust"
        case .notPaired:
            "this list is not paired: sync URL pairs it with a CalDAV task list"
        case let .pairedElsewhere(address):
            "this list is paired with \(address): sync --unpair first to pair it with another"
        case let .transport(failure, host):
            switch failure {
            case .refused: "cannot reach \(host): connection refused"
            case .unknownHost: "cannot reach \(host): no such host"
            case .timedOut: "\(host) did not answer in time"
            case .closed: "\(host) closed the connection"
            case .untrustedCertificate:
                "no secure connection to \(host): its certificate is signed by no authority this machine trusts "
                    + "(for a private one, name its certificate in SSL_CERT_FILE)"
            case let .tls(reason): "no secure connection to \(host): \(reason.abbreviated(to: 120))"
            case let .other(reason): "cannot reach \(host): \(reason.abbreviated(to: 120))"
            }
        case let .unauthorized(host, hadPassword: true):
            "\(host) refused the user name and password"
        case let .unauthorized(host, hadPassword: false):
            "\(host) asks for a password: put it in ~/.netrc (machine \(host) login NAME password …), or pair with --password-command"
        case let .status(code, method, path):
            "the server answered \(method) \(path.abbreviated(to: 60)) with \(code) \(HTTPStatus.reason(code))"
        case let .responseTooLarge(limit):
            "the server's answer is larger than \(limit >> 20) MiB: not a task list's"
        case let .malformedAnswer(what):
            "the server's answer is not WebDAV: \(what)"
        case let .notATaskList(address, _):
            "no CalDAV task list at \(address.abbreviated(to: 60)): give a task list's address, or the server's to find them"
        case let .passwordCommand(.couldNotRun(reason)):
            "the password command could not run: \(reason)"
        case let .passwordCommand(.failed(status, line)):
            "the password command failed (exit status \(status))" + (line.isEmpty ? "" : ": " + line.abbreviated(to: 80))
        case .passwordCommand(.printedNothing):
            "the password command printed no password"
        case let .pairingFile(path, reason):
            "cannot use the pairing file \(path): \(reason)"
        case let .store(error):
            TaskPresenter.describe(error)
        case let .wouldEmptyServer(count):
            "the list here is empty, and syncing would remove all \(count) tasks from the server; nothing was changed "
                + "(sync --unpair, then sync URL, brings them back here; remove them on the server to empty both)"
        case let .wouldEmptyList(count):
            "the task list on the server is empty, and syncing would remove all \(count) tasks here; nothing was changed "
                + "(sync --unpair, then sync URL, sends them there again)"
        }
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
