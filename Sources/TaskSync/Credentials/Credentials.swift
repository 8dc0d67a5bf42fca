import Foundation
import Synchronization
import TaskSystem

/// Who the sync is, to the server: the user's name (from the address or the pairing, else
/// `~/.netrc`) and a password from the command the pairing names, else from `~/.netrc`. The
/// password lives in memory for one sync; it is never stored, printed or put in a command line.
struct Credentials: Sendable {
    var user: String?
    var password: String?

    /// The `Authorization` header's value: Basic, the only scheme the servers people pair with
    /// all take over TLS; nil without a password.
    var authorization: String? {
        guard let password else { return nil }
        return "Basic " + Data("\(user ?? ""):\(password)".utf8).base64EncodedString()
    }

    /// The credentials for the task list at `url` as `pairing` says, looked up now; a password
    /// command is given `patience` seconds, and stops when `stopped` says so (Ctrl-C).
    static func look(for pairing: Pairing, environment: [String: String], patience: TimeInterval = 90,
                     stopped: @escaping @Sendable () -> Bool = { false }) throws(SyncError) -> Credentials {
        var credentials = Credentials(user: pairing.user)
        // `~/.netrc` gives the user name with a password command too (`help sync` says so).
        let entry = (pairing.passwordCommand != nil && pairing.user != nil) ? nil
            : (pairing.passwordHost ?? pairing.url.host).flatMap { host in
                netrcText(environment).flatMap { Netrc($0).entry(host: host, login: pairing.user) }
            }
        if credentials.user == nil { credentials.user = entry?.login }
        if let command = pairing.passwordCommand {
            credentials.password = try PasswordCommand.run(command, patience: patience, stopped: stopped)
        } else {
            credentials.password = entry?.password
        }
        if credentials.password != nil, pairing.url.scheme == "http", !pairing.allowsPlainHTTP,
           !isLoopback(pairing.url.host ?? "") {
            throw .plainHTTP(host: pairing.url.host ?? "")
        }
        return credentials
    }

    /// The host names of this machine itself: a password sent there over http stays on it.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("127.") || host == "::1"
            || host == "[::1]"
    }

    /// The file `$NETRC` names, when it names one: it is read instead of `~/.netrc`.
    static func netrcFile(_ environment: [String: String]) -> String? {
        environment["NETRC"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `$NETRC`'s file, else `~/.netrc`, when it can be read.
    private static func netrcText(_ environment: [String: String]) -> String? {
        let path = netrcFile(environment) ?? environment["HOME"].map { $0 + "/.netrc" }
        guard let path, let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The command a pairing names for the password (`pass show caldav`), run by `/bin/sh`: its
/// first line of output is the password. What it says on its standard error is not read: a
/// command that failed could have said the password there (a script traced by `set -x`), and a
/// failure quoted it (found by an independent tester).
///
/// One that has not ended within the sync's patience, or when Ctrl-C comes (at the prompt, or
/// ending a one-shot `tasks sync`), is stopped with what it started (its process group): it was
/// waited for forever, and left running after tasks ended (found by an independent tester).
enum PasswordCommand {
    /// The process groups of the commands running, stopped when the program ends (`stopAll()`).
    private static let running = Mutex<Set<Int32>>([])

    /// The longest password taken, in bytes: with the user name, base64, it stays within the 8 KB
    /// of headers servers take.
    static let longestPassword = 4096

    /// Stops every password command still running: the program ends, and a prompt's sync left one
    /// waiting (found by an independent tester: it outlived the prompt).
    static func stopAll() {
        for group in running.withLock({ $0 }) { Signals.killGroup(group) }
    }

    static func run(_ command: String, patience: TimeInterval = 90,
                    stopped: @escaping @Sendable () -> Bool = { false }) throws(SyncError) -> String {
        // Ctrl-C ending a one-shot `tasks sync` stops the command first (it is in a group of its own).
        try Signals.holdingEndings { () throws(SyncError) in
            try spawnAndWait(command, patience: patience, stopped: { stopped() || Signals.endingHeld })
        }
    }

    private static func spawnAndWait(_ command: String, patience: TimeInterval,
                                     stopped: () -> Bool) throws(SyncError) -> String {
        guard let child = Posix.spawnShell(command) else {
            throw .passwordCommand(.couldNotRun(Posix.lastErrorDescription()))
        }
        running.withLock { _ = $0.insert(child.pid) }
        defer { running.withLock { _ = $0.remove(child.pid) } }
        // Read here, between the checks of its end, not on a thread of its own: once a command
        // ended, a second was given to that thread, and on a busy machine a password printed was
        // said to be missing (a CI run). What a command wrote before it ended is in the pipe.
        var output = CommandOutput(descriptor: child.output)
        defer { output.close() }
        let end = Date(timeIntervalSinceNow: patience)
        var ended = Posix.ended(child.pid)
        while ended == nil {
            output.read(waitingAtMost: 10)
            // A first line longer than a password can never become one: `cat /dev/zero` was
            // waited for until the patience ran out (found by an independent tester).
            if stopped() || Date() >= end || output.isTooLong {
                Signals.killGroup(child.pid)
                while Posix.ended(child.pid) == nil { Thread.sleep(forTimeInterval: 0.01) }
                if output.isTooLong { throw .passwordCommand(.printedTooMuch(bytes: longestPassword)) }
                throw .passwordCommand(.noAnswer(seconds: Int(patience.rounded())))
            }
            ended = Posix.ended(child.pid)
        }
        // What it left running in the background (in its group) ends with it: it would hold the
        // output open. A daemon it started (gpg-agent) has left the group, and stays; what it may
        // print later is not waited for (a daemon holding the output made the sync wait for the
        // patience: found by an independent tester).
        Signals.killGroup(child.pid)
        switch ended {
        case let .killed(signal)?: throw .passwordCommand(.killed(signal: signal))
        case let .exited(status)? where status != 0: throw .passwordCommand(.failed(status: status))
        default: break
        }
        output.readWhatIsThere()
        // Split as bytes: a String holds CR LF as one character, which a split at LF passed over,
        // and a password file with Windows line ends gave one ending in CR (found by an independent tester).
        var line = output.firstLine
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard !line.isEmpty else { throw .passwordCommand(.printedNothing) }
        // One that printed on without a line end: sent, it made servers refuse the request's
        // size, or close the connection under it (found by an independent tester).
        guard line.count <= longestPassword else { throw .passwordCommand(.printedTooMuch(bytes: longestPassword)) }
        // Sent as it is: bytes that are not UTF-8 were made U+FFFD, a NUL went out (a tab may be a
        // password's).
        guard let password = String(validating: line, as: UTF8.self),
              !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
            throw .passwordCommand(.printedNoText)
        }
        return password
    }
}

/// What a password command prints, read from its pipe as it comes: kept up to the first line's
/// end, or 64 KiB; the rest is read and dropped, for the command to go on (one printing without end,
/// `yes`, filled the memory: found by an independent tester).
private struct CommandOutput {
    private let descriptor: Int32
    private var kept: [UInt8] = []
    private var hasLine = false
    private var closed = false
    private var buffer = [UInt8](repeating: 0, count: 4096)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The first line as printed, without its end; what was printed when there is no line end.
    var firstLine: ArraySlice<UInt8> { kept.prefix { $0 != UInt8(ascii: "\n") } }

    /// Whether the first line is longer than a password can be, without its end yet.
    var isTooLong: Bool { !hasLine && kept.count > PasswordCommand.longestPassword }

    /// Reads once what is there, waiting for it at most `milliseconds`; once the output is closed,
    /// only waits (the caller's loop keeps its pace). Returns whether bytes were read.
    @discardableResult
    mutating func read(waitingAtMost milliseconds: Int32) -> Bool {
        guard !closed else {
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            return false
        }
        guard Posix.isReadable(descriptor, waitingAtMost: milliseconds) else { return false }
        guard let count = Posix.read(descriptor, into: &buffer, from: 0), count > 0 else {
            closed = true
            return false
        }
        guard !hasLine, kept.count < 65_536 else { return true }
        let added = buffer[..<min(count, 65_536 - kept.count)]
        hasLine = added.contains(UInt8(ascii: "\n"))
        kept += added
        return true
    }

    /// Reads all that is in the pipe now, without waiting: all that an ended command printed.
    mutating func readWhatIsThere() {
        while read(waitingAtMost: 0) {}
    }

    mutating func close() {
        Posix.closeDescriptor(descriptor)
    }
}
