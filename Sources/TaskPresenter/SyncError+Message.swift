import TaskSync
import TaskWidth

extension SyncError {
    /// The one line that says what went wrong; `netrcFile` is the file `$NETRC` names, nil for
    /// `~/.netrc`.
    func message(netrcFile: String?) -> String {
        switch self {
        case let .invalidAddress(address):
            fitting("`", address, "` is not a CalDAV server's address (https://…)")
        case .passwordInAddress:
            naming(netrcFile, "the address holds a password: put it in ", " or use --password-command")
        case .plainHTTP:
            // The host is the address just typed, or `sync --status`'s.
            "not sending the password over plain http: use https or --allow-plain-http"
        case let .passwordElsewhere(host):
            "the server named \(host.abbreviated(to: 18)): no password to it over plain http"
        case .notPaired:
            "this list is not paired: sync URL pairs it with a CalDAV task list"
        case let .pairedElsewhere(address):
            fitting("paired with ", address, ": sync --unpair first")
        case let .transport(failure, host):
            switch failure {
            case .refused: "cannot reach \(host): connection refused"
            case .unknownHost: "cannot reach \(host): no such host"
            case .timedOut: "\(host) did not answer in time"
            case .closed: "\(host) closed the connection"
            case .untrustedCertificate:
                "\(host): untrusted certificate (a private CA? set SSL_CERT_FILE)"
            case .untrustedByCertificateFile: "\(host): certificate not signed by an authority of SSL_CERT_FILE"
            case .unreadableCertificateFile: "cannot read the certificates of the file SSL_CERT_FILE names"
            case .notTLS: "\(host) does not answer https there (an http:// address?)"
            case let .tls(reason): fitting("no secure connection to \(host): ", reason)
            case let .other(reason): fitting("cannot reach \(host): ", reason)
            }
        case let .unauthorized(host, hadPassword: true):
            "\(host) refused the user name and password"
        case let .unauthorized(host, hadPassword: false):
            naming(netrcFile, "\(host) asks for a password (", ", or --password-command)")
        case let .noUserName(host):
            "\(host.abbreviated(to: 18)) refused: no user name (https://NAME@HOST/… gives one)"
        case let .status(code, method, path):
            fitting("the server answered \(method) ", path, " with \(HTTPStatus.text(code))")
        case .taskListGone:
            // `sync --status` names it.
            "the task list paired with is no longer on the server: sync --unpair"
        case let .responseTooLarge(limit):
            "the server's answer is larger than \(limit >> 20) MiB: not a task list's"
        case let .malformedAnswer(what):
            "the server's answer is not WebDAV: \(what)"
        case .noTaskLists:
            // A server's address: it said "no CalDAV task list there: give … the server's"
            // (found by an independent tester).
            "the server has no task list yet: make one there (its web page, an app)"
        case .nothingThere:
            // The address is the one just typed.
            "nothing there on the server: give a task list's address, or the server's"
        case .notATaskList:
            // The address is the one just typed.
            "no CalDAV task list there: give a task list's address, or the server's"
        case let .passwordCommand(.couldNotRun(reason)):
            "the password command could not run: \(reason)"
        case let .passwordCommand(.failed(status)):
            // What it said is not shown: it could say the password (`PasswordCommand`).
            "the password command exited with \(status): run it alone to see why"
        case let .passwordCommand(.killed(signal)):
            "the password command was ended by signal \(signal): run it alone to see why"
        case let .passwordCommand(.noAnswer(seconds)):
            "the password command had not ended after \(seconds) s, and was stopped"
        case .passwordCommand(.printedNothing):
            "the password command printed no password"
        case let .passwordCommand(.printedTooMuch(bytes)):
            "the password command's first line is over \(bytes) bytes: not a password"
        case .passwordCommand(.printedNoText):
            "the password command's first line is not text: not a password"
        case let .pairingFile(path, reason):
            "cannot use the pairing file \(path): \(reason)"
        case let .unreadablePairingFile(path):
            fitting("", path, " is not a pairing: sync --unpair removes it")
        case let .store(error):
            TaskPresenter.describe(error)
        case let .otherSyncBusy(seconds):
            "another sync of this list has been under way for \(seconds) s: trying again later"
        case .interrupted:
            // The next sync takes up what this one sent, and sends the rest.
            "interrupted; nothing is lost: sync again to finish"
        case let .wouldEmptyServer(count):
            // `help sync` says how to bring them back, or empty both.
            "nothing synced: " + Self.lacking("this list", count)
        case let .wouldRemoveUnheld(count):
            "nothing synced: this list never held \(count == 1 ? "a task" : "\(count) tasks") to remove there (help sync)"
        case let .wouldEmptyList(count):
            "nothing synced: " + Self.lacking("the server", count)
        }
    }

    /// That `side` holds none of the `count` tasks synced last time, and where to read what to do.
    private static func lacking(_ side: String, _ count: Int) -> String {
        side + (count == 1 ? " lacks the one task synced" : " has none of the \(count) tasks synced") + " (help sync)"
    }

    /// `start`, the netrc file read (`netrcFile`, nil for `~/.netrc`), `end`: the file's path when it
    /// fits 80 columns after `sync: `, else `$NETRC`, which the user set to name it.
    private func naming(_ netrcFile: String?, _ start: String, _ end: String) -> String {
        let file = netrcFile ?? "~/.netrc"
        return start + (DisplayWidth.of(start + file + end) <= 74 ? file : "$NETRC") + end
    }

    /// `path` between `start` and `end`, shortened in the middle to fit 80 columns after `sync: `.
    private func fitting(_ start: String, _ path: String, _ end: String) -> String {
        start + path.abbreviatedInMiddle(to: max(74 - DisplayWidth.of(start + end), 16)) + end
    }

    /// `start` and then as much of `reason` (a library's words) as fits 80 columns after `sync: `.
    private func fitting(_ start: String, _ reason: String) -> String {
        start + reason.abbreviated(to: max(74 - DisplayWidth.of(start), 20))
    }
}

/// The reason phrases of the statuses a CalDAV server answers with.
enum HTTPStatus {
    /// The status with its reason phrase, when it has one worth saying ("404 Not Found", "599").
    static func text(_ code: Int) -> String {
        let reason = reason(code)
        return reason.isEmpty ? String(code) : "\(code) \(reason)"
    }

    static func reason(_ code: Int) -> String {
        switch code {
        case 207: "Multi-Status"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
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
