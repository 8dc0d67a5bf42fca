import Foundation
import TaskInterchange
import TaskModel
@testable import TaskPresenter
@testable import TaskSync
import TaskWidth
import Testing

/// Every sentence `sync` says fits one line of 80 columns with a typical address and a task of 20
/// characters: an error as the prompt shows it (`sync: …`), any other line as it is; and so do a
/// member a phone named by a UUID, a failed pairing with a Nextcloud address (70 columns), and
/// tasks in Japanese, whose characters take two columns each. Measured in columns, as a terminal
/// shows them (a UTF-8 locale, as the program sets).
@Suite("The width of what sync says")
struct SyncMessageWidthTests {
    init() { TerminalLocale.useUTF8() }

    static let address = "https://dav.example.com/user/tasks/"
    static let host = "dav.example.com"
    static let task = "Call the plumber now"
    static let long = "Call the insurance company about the broken window and the water damage"
    static let japanese = "保険会社に電話して、壊れた窓と水漏れの被害について相談する"
    static let nextcloudHost = "cloud.example.org"
    static let nextcloud = "https://\(nextcloudHost)/remote.php/dav/calendars/alice/personal-tasks/"
    static let member = "/remote.php/dav/calendars/alice/personal-tasks/6f1c8e0a-3b1d-4c59-9a49-2f0e6a7f10c3-12345.ics"

    static func errors(host: String, address: String, path: String) -> [SyncError] { [
        .invalidAddress("dav.example.com/user/tasks/"), .passwordInAddress, .plainHTTP(host: host),
        .passwordElsewhere(host: "p42-caldav.example.com"), .notPaired,
        .pairedElsewhere(address), .unauthorized(host: host, hadPassword: true), .unauthorized(host: host, hadPassword: false),
        .noUserName(host: host),
        .status(412, method: "PROPFIND", path: "/user/tasks/"), .responseTooLarge(limit: 64 << 20), .invalidAddress(address),
        .malformedAnswer("no multistatus"), .notATaskList(address, found: []), .nothingThere(address), .noTaskLists(address), .status(404, method: "PROPFIND", path: path),
        .passwordCommand(.couldNotRun("No such file or directory")),
        .passwordCommand(.failed(status: 2)), .passwordCommand(.noAnswer(seconds: 90)), .passwordCommand(.killed(signal: 9)),
        .passwordCommand(.printedNothing), .passwordCommand(.printedTooMuch(bytes: 4096)), .passwordCommand(.printedNoText), .wouldEmptyServer(12), .wouldEmptyList(12), .wouldEmptyServer(1), .wouldEmptyList(1), .wouldRemoveUnheld(1), .wouldRemoveUnheld(12), .otherSyncBusy(seconds: 30),
    ] + [SyncError.TransportFailure.refused, .unknownHost, .timedOut, .closed, .untrustedCertificate, .untrustedByCertificateFile,
                                                  .unreadableCertificateFile, .notTLS,
         .tls(String(repeating: "handshake failed ", count: 10)), .other(String(repeating: "connection reset ", count: 10))]
        .map { .transport($0, host: host) }
    }

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
            .init(text: long, conflicts: [.field(.text, kept: .remote), .field(.due, kept: .remote), .field(.tags, kept: .remote)]),
            .init(text: long, conflicts: [.removal(on: .local)]), .init(text: long, conflicts: [.removal(on: .remote)]),
            .init(text: japanese, conflicts: [.field(.text, kept: .remote), .field(.due, kept: .remote), .field(.tags, kept: .remote)]),
            .init(text: japanese, conflicts: [.removal(on: .local)]), .init(text: japanese, conflicts: [.removal(on: .remote)]),
            .init(text: long, conflicts: [.moved(kept: .remote)]), .init(text: japanese, conflicts: [.moved(kept: .local)]),
            .init(text: long, conflicts: SyncField.allCases.map { .field($0, kept: $0 == .text ? .local : .remote) }),
            .init(text: japanese, conflicts: [.field(.text, kept: .local), .field(.due, kept: .local), .field(.tags, kept: .local),
                                              .field(.recurrence, kept: .local)]),
        ]
        report.skipped = [.init(href: "/user/tasks/milk.ics", reason: .unreadable(InterchangeError(.line(3), .notAContentLine))),
                          .init(href: "/user/tasks/series.ics",
                                reason: .unreadable(InterchangeError(.line(9), .unreadableRecurrence("FREQ=MONTHLY;BYDAY=2TU;COUNT=5")))),
                          .init(href: "/user/tasks/broken.ics", reason: .notFetched(status: 500)),
                          .init(href: member, reason: .notFetched(status: 503)),
                          .init(href: member, reason: .unreadable(InterchangeError(.line(7), .nulByte))),
                          .init(href: member, reason: .unreadable(InterchangeError(.line(9), .unreadableRecurrence("FREQ=YEARLY;BYEASTER=0"))),
                                summary: task),
                          .init(href: member, reason: .unreadable(InterchangeError(.line(12), .invalidValue(field: "DUE", value: task))),
                                summary: task),
                          .init(href: member, reason: .unreadable(InterchangeError(.line(12), .invalidValue(field: "DUE", value: japanese))),
                                summary: japanese),
                          .init(href: member, reason: .unreadable(InterchangeError(.line(17), .severalToDos(firstLine: 2))), summary: long),
                          .init(href: member, reason: .sameUID, summary: japanese),
                          .init(href: member, reason: .unreadable(InterchangeError(.line(17), .invalidValue(field: "DUE", value: long))),
                                summary: long)]
        report.rejected = [.init(text: task, status: 413), .init(text: task, status: 415), .init(text: long, status: 413), .init(text: japanese, status: 413)]
        report.postponed = 3
        report.notSent = 2
        return report
    }

    static var lines: [String] {
        // The arguments are made before the suite's `init`.
        TerminalLocale.useUTF8()
        let list = TaskListInfo(url: URL(string: address)!, name: "Tasks")
        let longName = TaskListInfo(url: URL(string: address)!, name: long + " " + japanese)
        let pairing = Pairing(url: list.url, user: "alice", passwordCommand: "pass show caldav", allowsPlainHTTP: false)
        let status = SyncStatus(pairing: pairing, lastSync: Date(timeIntervalSince1970: 1_795_000_000), syncedTasks: 12,
                                leftAlone: 1_000, lastFailure: Date(timeIntervalSince1970: 1_795_003_600))
        let messages = SyncCommands.lines(report)
            + SyncCommands.lines(SyncReport(), sentBefore: SyncReport.Counts(added: 12, updated: 340, removed: 12))
            + SyncCommands.background(.synced(report, address: address), failedBefore: "sync: down", netrcFile: nil).messages
            + SyncCommands.background(.synced(report, address: nextcloud), failedBefore: "sync: down", netrcFile: nil).messages
            + SyncCommands.foundLines([list, list, longName], at: "https://dav.example.com/")
            + [SyncCommands.pairedLine(list), SyncCommands.pairedLine(longName), SyncCommands.unpairedLine(pairing)]
            + SyncCommands.statusLines(status, netrcFile: nil, at: TestClock().clock.moment)
            + SyncCommands.statusLines(status, netrcFile: "/home/alice/.config/netrc", at: TestClock().clock.moment)
        let errors = Self.errors(host: host, address: address, path: "/user/tasks/")
        let closing = ([.timedOut, .waitedForAnotherSync, .givenUp] + errors.map { .ended(.failed($0)) })
            .flatMap { SyncCommands.closing($0, limit: 5, netrcFile: "/home/alice/.config/netrc") }
        let said = [nil, "/home/alice/.config/netrc"].flatMap { netrc in errors.map { $0.message(netrcFile: netrc) } }
        return (messages + closing).map(\.text) + (said + [SyncCommand.Refusal.inScript.message]).map { "sync: " + $0 }
            + pairingFailures
    }

    /// A failed `sync ADDRESS` with a Nextcloud address, as the prompt or the shell shows it.
    static var pairingFailures: [String] {
        let errors = Self.errors(host: nextcloudHost, address: nextcloud, path: member)
        return ["sync \(nextcloud)", "sync \(nextcloud) --password-command pass show caldav"].flatMap { line in
            errors.map { CommandFailure(line: line[...], reason: $0.message(netrcFile: "/home/alice/.config/netrc")).description }
        }
    }

    @Test("each line fits 80 columns", arguments: lines)
    func fits(line: String) {
        #expect(DisplayWidth.of(line) <= 80, "\(DisplayWidth.of(line)) columns")
    }

    /// A conflict of four fields counts them rather than leave the text a few columns: it took 86
    /// (found by an independent tester); one of three still names them.
    @Test func aConflictOfManyFieldsCountsThem() {
        let fields: [SyncConflict] = [.field(.text, kept: .local), .field(.due, kept: .local), .field(.tags, kept: .local)]
        let text = "A quite long text that will need shortening for sure yes"
        var report = SyncReport()
        report.conflicts = [.init(text: text, conflicts: fields), .init(text: text, conflicts: fields + [.field(.recurrence, kept: .local)])]
        #expect(SyncCommands.lines(report).dropFirst().map(\.text) == [
            "both sides changed \"A quite long text…\" (text, due date, tags): kept this side's",
            "both sides changed \"A quite long text that will n…\" (4 fields): kept this side's",
        ])
    }

    /// A task both sides moved names its place, which side's was kept.
    @Test func aTaskMovedOnBothSidesNamesItsPlace() {
        var report = SyncReport()
        report.conflicts = [.init(text: "Call mom", conflicts: [.moved(kept: .remote)]),
                            .init(text: "Call dad", conflicts: [.moved(kept: .local)])]
        #expect(SyncCommands.lines(report).dropFirst().map(\.text) == [
            "both sides changed \"Call mom\" (place): kept the server's",
            "both sides changed \"Call dad\" (place): kept this side's",
        ])
    }

    /// A member skipped for holding more than one to-do says so whole, its name shortened: the
    /// reason was cut (found by an independent tester).
    @Test func aSkippedMembersReasonIsWhole() {
        let skipped = SyncReport.Skipped(href: Self.member, reason: .unreadable(InterchangeError(.line(17), .severalToDos(firstLine: 2))),
                                         summary: "Weekly review of the garden and the house")
        #expect(SyncCommands.line(skipped) == "skipped the server's \"Weekly review of th…\": it holds more than one VTODO")
    }
}
