import Foundation
import TaskInterchange
import TaskModel
@testable import TaskPresenter
@testable import TaskSync
import Testing

/// Every sentence `sync` says fits one line of 80 columns with a typical address and a task of 20
/// characters: an error as the prompt shows it (`sync: …`), any other line as it is.
@Suite("The width of what sync says")
struct SyncMessageWidthTests {
    static let address = "https://dav.example.com/user/tasks/"
    static let host = "dav.example.com"
    static let task = "Call the plumber now"

    static let errors: [SyncError] = [
        .invalidAddress("dav.example.com/user/tasks/"), .passwordInAddress, .plainHTTP(host: host), .notPaired,
        .pairedElsewhere(address), .unauthorized(host: host, hadPassword: true), .unauthorized(host: host, hadPassword: false),
        .status(412, method: "PROPFIND", path: "/user/tasks/"), .responseTooLarge(limit: 64 << 20),
        .malformedAnswer("no multistatus"), .notATaskList(address, found: []),
        .passwordCommand(.couldNotRun("No such file or directory")),
        .passwordCommand(.failed(status: 2, firstLine: "gpg: decryption failed: No secret key")),
        .passwordCommand(.printedNothing), .wouldEmptyServer(12), .wouldEmptyList(12),
    ] + [SyncError.TransportFailure.refused, .unknownHost, .timedOut, .closed, .untrustedCertificate, .unreadableCertificateFile,
         .tls(String(repeating: "handshake failed ", count: 10)), .other(String(repeating: "connection reset ", count: 10))]
        .map { .transport($0, host: host) }

    static var report: SyncReport {
        var report = SyncReport()
        report.address = address
        // Five kinds of counts: all seven at once would take 87 columns.
        report.received = SyncReport.Counts(added: 3, updated: 2, removed: 1)
        report.sent = SyncReport.Counts(added: 2, updated: 1)
        let fields: [SyncConflict] = [.field(.text, kept: .remote), .field(.due, kept: .remote)]
        report.conflicts = [
            .init(text: task, conflicts: fields), .init(text: task, conflicts: [.field(.tags, kept: .local)]),
            .init(text: task, conflicts: [.field(.text, kept: .local), .field(.due, kept: .remote)]),
            .init(text: task, conflicts: [.removal(on: .local)]), .init(text: task, conflicts: [.removal(on: .remote)]),
        ]
        report.skipped = [.init(href: "/user/tasks/milk.ics", reason: .unreadable(InterchangeError(.line(3), .notAContentLine))),
                          .init(href: "/user/tasks/series.ics",
                                reason: .unreadable(InterchangeError(.line(9), .unreadableRecurrence("FREQ=MONTHLY;BYDAY=2TU;COUNT=5")))),
                          .init(href: "/user/tasks/broken.ics", reason: .notFetched(status: 500))]
        report.rejected = [.init(text: task, status: 413), .init(text: task, status: 415)]
        report.postponed = 3
        report.notSent = 2
        return report
    }

    static var lines: [String] {
        let list = TaskListInfo(url: URL(string: address)!, name: "Tasks")
        let pairing = Pairing(url: list.url, user: "alice", passwordCommand: "pass show caldav", allowsPlainHTTP: false)
        let status = SyncStatus(pairing: pairing, lastSync: Date(timeIntervalSince1970: 1_795_000_000), syncedTasks: 12)
        let messages = SyncCommands.lines(report)
            + SyncCommands.background(.synced(report, address: address), failedBefore: "sync: down").messages
            + SyncCommands.foundLines([list, list], at: "https://dav.example.com/")
            + [SyncCommands.pairedLine(list), SyncCommands.unpairedLine(pairing)]
            + SyncCommands.statusLines(status, netrcFile: nil, at: TestClock().clock.moment)
            + SyncCommands.statusLines(status, netrcFile: "/home/alice/.config/netrc", at: TestClock().clock.moment)
            + ([.timedOut, .givenUp] + errors.map { .ended(.failed($0)) }).flatMap { SyncCommands.closing($0, limit: 5) }
        return messages.map(\.text) + (errors.map(\.message) + [SyncCommand.Refusal.inScript.message]).map { "sync: " + $0 }
    }

    @Test("each line fits 80 columns", arguments: lines)
    func fits(line: String) {
        #expect(line.count <= 80, "\(line.count) columns")
    }
}
