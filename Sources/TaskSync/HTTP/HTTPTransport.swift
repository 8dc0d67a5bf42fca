import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// One HTTP answer: its status, its headers, and its body (never more than the limit it was asked with).
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first header of that name (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// HTTP/1.1 with keep-alive and TLS (AsyncHTTPClient over SwiftNIO), answered synchronously: the
/// sync runs on a thread of its own, one request or one batch of requests at a time. Every request
/// carries the credentials given (where `mayCarryPassword` lets them go), never a body larger than
/// asked, and no redirect is followed by itself (discovery follows the few it expects, and a write
/// is never sent twice).
final class HTTPTransport: @unchecked Sendable {
    /// The most the answer of a request that lists or fetches a whole task list may hold (a
    /// `sync-collection`, a `calendar-multiget`, a listing): far more than a multistatus of 100,000
    /// tasks, and small enough that a server streaming without end is cut off long before memory
    /// runs out.
    static let listLimit = 256 << 20
    /// The most any other answer may hold (discovery's, a write's): what a server sends there is a
    /// few properties, and one that sends more is refused before much of it is read and parsed.
    static let smallLimit = 4 << 20
    /// The connections kept to a server, and so the requests in flight at once.
    static let connections = 4

    private let client: HTTPClient
    /// Whether `SSL_CERT_FILE` names the authorities trusted, and whether it is a file with something in it.
    private let certificateFile: (named: Bool, readable: Bool)
    private let authorization: String?
    /// The address the credentials are for: the one the user paired with.
    private let home: URL?
    private var isShutDown = false
    /// The requests under way, and whether `cancel()` was called; guarded by `inFlightLock`.
    private var inFlight: [ObjectIdentifier: HTTPClient.Task<HTTPAnswer>] = [:]
    private var isCancelled = false
    private let inFlightLock = NSLock()

    /// A transport sending `authorization` (a whole `Authorization` value) with every request, for
    /// the server at `home`; trusting the certificate authorities of the file `SSL_CERT_FILE` names
    /// when it is set (a private CA, as OpenSSL, curl and Python read it), else the system's. A
    /// request fails as `timedOut` when the server sends nothing for `patience` seconds.
    init(authorization: String?, for home: URL? = nil, patience: TimeInterval,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty {
            tls.trustRoots = .file(file)
            // A folder or an empty file would read as no authority at all: every server untrusted.
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            certificateFile = (true, attributes?[.type] as? FileAttributeType == .typeRegular
                                   && (attributes?[.size] as? Int ?? 0) > 0)
        } else {
            certificateFile = (false, true)
        }
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(5), read: .milliseconds(Int64(patience * 1000))), decompression: .disabled)
        configuration.httpVersion = .http1Only
        configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: Self.connections)
        // A server that refuses the connection (down) is said at once: the pool tried again for the
        // whole connect timeout, and a sync said so only after 5 s (a prompt's typed sync, queued
        // behind the prompt's own, after 10: found by an independent tester). The next sync tries again.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.authorization = authorization
        self.home = home
    }

    /// Whether a request to `url` may carry the password: over https anywhere (a server may keep
    /// the task lists on another of its hosts, as iCloud does; its certificate says who it is), over
    /// plain http only to the address paired with (which `Credentials` allowed), never to another
    /// host or port a server's answer names.
    func mayCarryPassword(to url: URL) -> Bool {
        if url.scheme?.lowercased() == "https" { return true }
        guard let home else { return false }
        return HrefPath.sameServer(url, home)
    }

    /// The host of `url`, a server other than the list's: with its port when the host is the
    /// list's (named alone, it read as the list's own server).
    private func otherServer(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        guard let port = url.port, host.lowercased() == home?.host?.lowercased() else { return host }
        return host + ":\(port)"
    }

    deinit {
        shutDown()
    }

    /// Closes the connections, on the client's own threads; later requests fail. Not waited for:
    /// the client says it is done on a Dispatch queue, whose first thread took a few milliseconds
    /// of each sync to start.
    func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        client.shutdown(queue: .global()) { _ in }
    }

    /// Stops the requests under way, from any thread (Ctrl-C at the prompt): each fails with
    /// `interrupted`, and so does every later one.
    func cancel() {
        let tasks = inFlightLock.withLock {
            isCancelled = true
            return Array(inFlight.values)
        }
        for task in tasks { task.cancel() }
    }

    /// Sends one request and waits for its answer, refusing one whose body passes `limit`.
    func send(_ method: String, _ url: URL, headers: [(String, String)] = [], body: [UInt8]? = nil,
              limit: Int = smallLimit) throws(SyncError) -> HTTPAnswer {
        try answer(begin(method, url, headers: headers, body: body, limit: limit))
    }

    /// A request sent, whose answer `answer(_:)` waits for: a sync asks the server what changed,
    /// and reads its own side while the server answers.
    struct Pending: Sendable {
        fileprivate let future: EventLoopFuture<HTTPAnswer>
        let url: URL
    }

    /// Sends one request (as `send` does) without waiting for its answer.
    func begin(_ method: String, _ url: URL, headers: [(String, String)] = [], body: [UInt8]? = nil,
               limit: Int = smallLimit) throws(SyncError) -> Pending {
        Pending(future: try start(method, url, headers: headers, body: body, limit: limit), url: url)
    }

    /// Waits for the answer of a request `begin` sent.
    func answer(_ pending: Pending) throws(SyncError) -> HTTPAnswer {
        try wait(pending.future, url: pending.url)
    }

    /// Sends the requests side by side (over the pool's few connections) and waits for all of them;
    /// their answers in the order given, or the first failure. No more are in flight than the pool
    /// has connections (the next starts as soon as any is answered): AsyncHTTPClient fails a request
    /// that waits for a connection longer than the connect timeout, which a batch queued on a slow
    /// server would.
    func sendAll(_ requests: [(method: String, url: URL, headers: [(String, String)], body: [UInt8]?)],
                 limit: Int = smallLimit) throws(SyncError) -> [HTTPAnswer] {
        let free = DispatchSemaphore(value: Self.connections)
        var started: [(EventLoopFuture<HTTPAnswer>, URL)] = []
        started.reserveCapacity(requests.count)
        for request in requests {
            free.wait()
            let future: EventLoopFuture<HTTPAnswer>
            do {
                future = try start(request.method, request.url, headers: request.headers, body: request.body, limit: limit)
            } catch {
                free.signal()
                throw error
            }
            future.whenComplete { _ in free.signal() }
            started.append((future, request.url))
        }
        var answers: [HTTPAnswer] = []
        answers.reserveCapacity(requests.count)
        for (future, url) in started { answers.append(try wait(future, url: url)) }
        return answers
    }

    private func start(_ method: String, _ url: URL, headers: [(String, String)], body: [UInt8]?,
                       limit: Int) throws(SyncError) -> EventLoopFuture<HTTPAnswer> {
        // AsyncHTTPClient traps on a port past 65535 (typed, or named by a server's answer).
        guard Self.hasValidPort(url) else { throw .invalidAddress(url.absoluteString) }
        if inFlightLock.withLock({ isCancelled }) { throw .interrupted }
        if url.scheme?.lowercased() == "https", !certificateFile.readable {
            throw .transport(.unreadableCertificateFile, host: url.host ?? url.absoluteString)
        }
        var all = HTTPHeaders(headers)
        if let authorization {
            guard mayCarryPassword(to: url) else { throw .passwordElsewhere(host: otherServer(url)) }
            all.replaceOrAdd(name: "Authorization", value: authorization)
        }
        all.replaceOrAdd(name: "User-Agent", value: "tasks")
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: url.absoluteString, method: HTTPMethod(rawValue: method), headers: all,
                                             body: body.map { .bytes($0) })
        } catch {
            throw .invalidAddress(url.absoluteString)
        }
        let task = client.execute(request: request, delegate: BoundedAnswer(limit: limit))
        let key = ObjectIdentifier(task)
        let cancelled = inFlightLock.withLock {
            if !isCancelled { inFlight[key] = task }
            return isCancelled
        }
        if cancelled { task.cancel() }
        task.futureResult.whenComplete { [weak self] _ in
            guard let self else { return }
            inFlightLock.withLock { _ = inFlight.removeValue(forKey: key) }
        }
        return task.futureResult
    }

    /// Whether `url` names no port, or one a connection can be made to (1 to 65535).
    static func hasValidPort(_ url: URL) -> Bool {
        if let port = url.port { return (1...65535).contains(port) }
        // A port too large for an integer reads as none, and the scheme's own would be used.
        let address = url.absoluteString
        guard let start = address.range(of: "//")?.upperBound else { return true }
        let authority = address[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        let afterBracket = host.lastIndex(of: "]").map { host[host.index(after: $0)...] } ?? host
        guard let colon = afterBracket.firstIndex(of: ":") else { return true }
        return afterBracket[afterBracket.index(after: colon)...].isEmpty
    }

    private func wait(_ future: EventLoopFuture<HTTPAnswer>, url: URL) throws(SyncError) -> HTTPAnswer {
        do {
            return try future.wait()
        } catch {
            if inFlightLock.withLock({ isCancelled }) { throw .interrupted }
            let failure = SyncError.transport(error, host: url.host ?? url.absoluteString)
            if case .transport(.untrustedCertificate, let host) = failure, certificateFile.named {
                throw .transport(.untrustedByCertificateFile, host: host)
            }
            throw failure
        }
    }
}

/// Collects an answer's head and body, failing as soon as the body passes `limit`.
private final class BoundedAnswer: HTTPClientResponseDelegate, @unchecked Sendable {
    // Only the event loop of the request touches it, one call after another.
    typealias Response = HTTPAnswer

    private let limit: Int
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []

    init(limit: Int) {
        self.limit = limit
    }

    func didReceiveHead(task: HTTPClient.Task<HTTPAnswer>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = head
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<HTTPAnswer>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard body.count + buffer.readableBytes <= limit else {
            return task.eventLoop.makeFailedFuture(SyncError.responseTooLarge(limit: limit))
        }
        body.append(contentsOf: buffer.readableBytesView)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<HTTPAnswer>) throws -> HTTPAnswer {
        guard let head else { throw SyncError.malformedAnswer("no status line") }
        return HTTPAnswer(status: Int(head.status.code), headers: head.headers.map { ($0.name, $0.value) }, body: body)
    }
}
