import Foundation
import TaskInterchange
import TaskModel
@testable import TaskPresenter
@testable import TaskSync
import Testing

/// What sync says with the long names of real servers and phones: a member named by a UUID of 40
/// characters and more, a Nextcloud address of 70, and a netrc file `$NETRC` names.
@Suite("What sync says of long names")
struct SyncLongNamesTests {
    static let folder = "/remote.php/dav/calendars/alice/personal-tasks/"
    static let address = "https://cloud.example.org" + folder
    static let member = folder + "6f1c8e0a-3b1d-4c59-9a49-2f0e6a7f10c3-12345.ics"
    static let series = InterchangeError(.line(9), .unreadableRecurrence("FREQ=MONTHLY;BYDAY=2TU;COUNT=5"))

    @Test func aSkippedMemberWithTextIsNamedByItQuotedAsTasksAre() {
        let skipped = SyncReport.Skipped(href: Self.member, reason: .unreadable(Self.series), summary: "Team meeting")

        #expect(SyncCommands.line(skipped) == "skipped the server's \"Team meeting\": tasks cannot follow how it repeats")
    }

    @Test func aSkippedMemberWithoutTextIsNamedByItsFileShortenedInTheMiddle() {
        let skipped = SyncReport.Skipped(href: Self.member, reason: .notFetched(status: 500))

        #expect(SyncCommands.line(skipped) == "skipped the server's 6f1c8e0a-3b…-12345.ics: GET gave 500 Internal Server Error")
    }

    @Test func aLongReasonOfASkippedMemberIsShortenedToTheLine() {
        let problem = InterchangeError(.line(12), .invalidValue(field: "DUE", value: String(repeating: "9", count: 60)))
        let skipped = SyncReport.Skipped(href: Self.member, reason: .unreadable(problem), summary: "Call the plumber now")

        #expect(SyncCommands.line(skipped)
                == "skipped the server's \"Call the plumber now\": line 12: `DUE` cannot be “99999999…")
    }

    @Test func aFailedPairingThatWouldPassEightyColumnsIsNamedSyncAlone() {
        let failure = CommandFailure(line: "sync \(Self.address)",
                                     reason: SyncError.notATaskList(Self.address, found: []).message(netrcFile: nil))

        #expect(failure.description == "sync: no CalDAV task list there: give a task list's address, or the server's")
    }

    @Test func aFailedPairingThatFitsKeepsTheAddressAsTyped() {
        let failure = CommandFailure(line: "sync https://dav.example.com/",
                                     reason: SyncError.transport(.refused, host: "dav.example.com").message(netrcFile: nil))

        #expect(failure.description == "sync https://dav.example.com/: cannot reach dav.example.com: connection refused")
    }

    @Test func theAddressOfAnotherPairingIsShortenedInTheMiddle() {
        #expect(SyncError.pairedElsewhere(Self.address).message(netrcFile: nil)
                == "paired with https://cloud.exampl…lice/personal-tasks/: sync --unpair first")
    }

    @Test func aRequestPathIsShortenedInTheMiddle() {
        #expect(SyncError.status(404, method: "PROPFIND", path: Self.member).message(netrcFile: nil)
                == "the server answered PROPFIND /remote.php/d…c3-12345.ics with 404 Not Found")
    }

    /// The file named whole when it fits, else the variable the user set to name it.
    @Test func aServerAskingForAPasswordNamesTheFileNETRCNames() {
        let error = SyncError.unauthorized(host: "cloud.example.org", hadPassword: false)

        #expect(error.message(netrcFile: nil) == "cloud.example.org asks for a password (~/.netrc, or --password-command)")
        #expect(error.message(netrcFile: "/etc/netrc") == "cloud.example.org asks for a password (/etc/netrc, or --password-command)")
        #expect(error.message(netrcFile: "/home/alice/.config/netrc")
                == "cloud.example.org asks for a password ($NETRC, or --password-command)")
    }

    @Test func aPasswordInTheAddressIsToGoInTheFileNETRCNames() {
        #expect(SyncError.passwordInAddress.message(netrcFile: nil)
                == "the address holds a password: put it in ~/.netrc or use --password-command")
        #expect(SyncError.passwordInAddress.message(netrcFile: "/etc/netrc")
                == "the address holds a password: put it in $NETRC or use --password-command")
    }

    @Test func statusNamesHowManyToDosOnTheServerAreLeftAlone() {
        let pairing = Pairing(url: URL(string: Self.address)!, user: "alice", passwordCommand: nil, allowsPlainHTTP: false)
        let status = SyncStatus(pairing: pairing, lastSync: nil, syncedTasks: 3, leftAlone: 2)

        #expect(SyncCommands.statusLines(status, netrcFile: nil, at: TestClock().clock.moment).map(\.text) == [
            "paired with \(Self.address) as alice", "password from ~/.netrc",
            "first sync not finished (sync finishes it); 3 tasks on both sides so far",
            "left alone: 2 to-dos on the server that tasks cannot read or follow",
        ])
    }

    /// A sync that failed since the last that worked (an open prompt's, in the background) is said,
    /// with when; `sync` says why. Nothing said so (found by an independent tester).
    @Test func statusSaysWhenTheLastSyncFailed() {
        let pairing = Pairing(url: URL(string: Self.address)!, user: "alice", passwordCommand: nil, allowsPlainHTTP: false)
        let status = SyncStatus(pairing: pairing, lastSync: Date(timeIntervalSince1970: 1_795_000_000), syncedTasks: 3,
                                lastFailure: Date(timeIntervalSince1970: 1_795_003_600))

        #expect(SyncCommands.statusLines(status, netrcFile: nil, at: TestClock().clock.moment).map(\.text).suffix(2) == [
            "last synced 2026-11-18 12:06; 3 tasks were on both sides", "last sync failed 2026-11-18 13:06: run sync to see why",
        ])
    }

    /// A first sync cut short keeps the tasks it sent: it was said "not synced yet; 128 tasks on
    /// both sides" (found by an independent tester).
    @Test func statusSaysAFirstSyncCutShortIsNotFinished() {
        let pairing = Pairing(url: URL(string: Self.address)!, user: "alice", passwordCommand: nil, allowsPlainHTTP: false)
        let cut = SyncStatus(pairing: pairing, lastSync: nil, syncedTasks: 128)
        let none = SyncStatus(pairing: pairing, lastSync: nil, syncedTasks: 0)

        #expect(SyncCommands.statusLines(cut, netrcFile: nil, at: TestClock().clock.moment).map(\.text).last
                == "first sync not finished (sync finishes it); 128 tasks on both sides so far")
        #expect(SyncCommands.statusLines(none, netrcFile: nil, at: TestClock().clock.moment).map(\.text).last
                == "not synced yet")
    }

    @Test("a status is said with its reason phrase, or alone when it has none: never with a space after it")
    func statusWords() {
        #expect(SyncError.status(301, method: "PROPFIND", path: "/dav/").message(netrcFile: nil)
                == "the server answered PROPFIND /dav/ with 301 Moved Permanently")
        #expect(SyncError.status(418, method: "PUT", path: "/a.ics").message(netrcFile: nil) == "the server answered PUT /a.ics with 418")
    }
}
