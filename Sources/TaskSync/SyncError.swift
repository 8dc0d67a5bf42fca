import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import TaskModel

/// Why a sync, a pairing or a discovery did not happen: data, no sentences (the presenter words
/// them). Nothing local is changed by a sync that fails with one of these.
public enum SyncError: Error, Sendable {
    /// The address is not an http(s) URL of a server.
    case invalidAddress(String)
    /// The address holds a password, which would then be kept in clear.
    case passwordInAddress
    /// A password would go over plain http to another machine, and the pairing does not allow it.
    case plainHTTP(host: String)
    /// A server's answer named another machine (or port) over plain http: the password is not sent
    /// there. `host` is its name, with its port when the name is the list's server's.
    case passwordElsewhere(host: String)
    /// `sync` alone, on a list that is not paired.
    case notPaired
    /// `sync URL` on a list paired with another task list.
    case pairedElsewhere(String)
    /// The server could not be reached, or the connection failed.
    case transport(TransportFailure, host: String)
    /// The server refused the user and password (401), or asked for a password none was found for.
    case unauthorized(host: String, hadPassword: Bool)
    /// The server refused a password sent without a user name (none in the address, the pairing
    /// or `~/.netrc`'s entry).
    case noUserName(host: String)
    /// The server answered a request with an error status.
    case status(Int, method: String, path: String)
    /// The task list paired with is no longer on the server: removed there.
    case taskListGone
    /// An answer too large to be a task list's.
    case responseTooLarge(limit: Int)
    /// An answer that is not what WebDAV says (unreadable XML, no multistatus…), in a few words.
    case malformedAnswer(String)
    /// The address is a server's, where the user has no task list.
    case noTaskLists(String)
    /// There is nothing at the address given (404 or 410): a mistyped address, or a task list
    /// removed.
    case nothingThere(String)
    /// The address is neither a task list nor a server where task lists were found; `lists` are
    /// the ones found when there are several to choose from.
    case notATaskList(String, found: [TaskListInfo])
    /// The command that gives the password failed.
    case passwordCommand(PasswordCommandFailure)
    /// The file where the pairing is kept could not be read or written.
    case pairingFile(path: String, reason: String)
    /// The file where the pairing is kept is not one (damaged, or another file).
    case unreadablePairingFile(path: String)
    /// The local list could not be read or changed.
    case store(any Error)
    /// Another sync of the list held it for this many seconds, longer than the prompt's sync waits
    /// for its turn (`BackgroundSync.patience`).
    case otherSyncBusy(seconds: Int)
    /// The user stopped the sync (Ctrl-C at the prompt). What reached the server is found again by
    /// the next sync; the list here changed only when the sync had come to writing it, in one step.
    case interrupted
    /// The list here holds none of the tasks synced (a store replaced), and the sync would remove
    /// every one of this many tasks from the server.
    case wouldEmptyServer(Int)
    /// The list here lacks this many of the tasks synced, which the sync would remove from the
    /// server, and its store never held them (a store replaced by an older copy, or by another).
    case wouldRemoveUnheld(Int)
    /// The task list on the server holds none of the tasks synced (a new collection), and the sync
    /// would remove every one of this many tasks here.
    case wouldEmptyList(Int)

    /// How a connection failed.
    public enum TransportFailure: Sendable, Hashable {
        case refused
        case unknownHost
        case timedOut
        case closed
        /// The server's certificate is signed by no authority this machine trusts.
        case untrustedCertificate
        /// The server's certificate is signed by none of the authorities of the file `SSL_CERT_FILE` names.
        case untrustedByCertificateFile
        /// The file `SSL_CERT_FILE` names holds no certificates that can be read (or is no file).
        case unreadableCertificateFile
        /// What answered is no TLS server (an http one, on an https address).
        case notTLS
        /// The TLS handshake failed otherwise (a certificate for another name, no common protocol),
        /// in the library's words.
        case tls(String)
        case other(String)
    }

    /// Why the password command gave no password.
    public enum PasswordCommandFailure: Sendable, Hashable {
        case couldNotRun(String)
        case failed(status: Int32)
        /// It had not ended after this many seconds, and was stopped.
        case noAnswer(seconds: Int)
        /// A signal ended it.
        case killed(signal: Int32)
        case printedNothing
        /// Its first line is longer than any password (`PasswordCommand.longestPassword` bytes).
        case printedTooMuch(bytes: Int)
        /// Its first line is not text: not UTF-8, or holding a control character (a NUL). It was
        /// sent, made readable, and the server's refusal blamed the password (found by an
        /// independent tester).
        case printedNoText
    }

    /// A failure of the HTTP stack, sorted by what the user can do about it.
    static func transport(_ error: Error, host: String) -> SyncError {
        if let error = error as? SyncError { return error }
        return .transport(TransportFailure(error), host: host)
    }
}

extension SyncError.TransportFailure {
    init(_ error: Error) {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout: self = .timedOut
            case .remoteConnectionClosed, .cancelled: self = .closed
            default: self = .other(String(describing: error))
            }
            return
        }
        if let error = error as? NIOConnectionError {
            let causes = (error.dnsAError.map { [$0] } ?? []) + (error.dnsAAAAError.map { [$0] } ?? [])
                + error.connectionErrors.map(\.error)
            if error.connectionErrors.isEmpty, !causes.isEmpty { self = .unknownHost; return }
            self = causes.contains { ($0 as? IOError)?.errnoCode == ECONNREFUSED } || error.connectionErrors.isEmpty
                ? .refused : Self(causes[0])
            return
        }
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED { self = .refused; return }
        // A TLS server reading a plain http request resets the connection (no more said).
        if let error = error as? IOError, error.errnoCode == ECONNRESET { self = .closed; return }
        if error is NIOSSLError || error is BoringSSLError {
            let words = String(describing: error)
            self = words.contains("CERTIFICATE_VERIFY_FAILED") ? .untrustedCertificate
                : words.contains("noSuchFilesystemObject") || words.contains("failedToLoadCertificate")
                    || words.contains("NO_CERTIFICATE_OR_CRL_FOUND") ? .unreadableCertificateFile
                : words.contains("WRONG_VERSION_NUMBER") ? .notTLS
                : .tls(words)
            return
        }
        if let error = error as? ChannelError, case .connectTimeout = error { self = .timedOut; return }
        self = .other(String(describing: error))
    }
}

/// A task list found on a server: where it is and what it is called.
public struct TaskListInfo: Sendable, Hashable {
    public var url: URL
    public var name: String?
}
