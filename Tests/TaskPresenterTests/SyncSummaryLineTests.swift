import Foundation
@testable import TaskPresenter
@testable import TaskSync
import Testing

/// The first line a sync says: what came, what went, and what did not go.
@Suite("The summary line of a sync")
struct SyncSummaryLineTests {
    @Test func aSyncThatChangedNothingSaysSo() {
        #expect(SyncCommands.lines(SyncReport()).map(\.text) == ["synced: nothing changed"])
    }

    /// A change the server refused is not "nothing changed": that headline, with the refusal on
    /// the line below, read as nothing left to send (found by an independent tester).
    @Test func changesNotSentAreSaidInTheSummary() {
        var refused = SyncReport()
        refused.rejected = [.init(text: "Call mom", status: 400)]
        var some = refused
        some.sent = SyncReport.Counts(added: 1)
        some.notSent = 2

        #expect(SyncCommands.lines(refused).map(\.text) == ["synced: 1 change not sent", "the server refused \"Call mom\" (400 Bad Request)"])
        #expect(SyncCommands.lines(some).first?.text == "synced: sent 1 new; 3 not sent")
    }

    /// A change left for the next sync, since the task changed on the server meanwhile, was not
    /// sent either: the sync said "nothing changed" and exited 0 (found by an independent tester).
    @Test func aChangeLeftForTheNextSyncIsNotSent() {
        var report = SyncReport()
        report.postponed = 1
        #expect(SyncCommands.lines(report).map(\.text) == ["synced: 1 change not sent",
                                                           "1 task was changed on the server during this sync: the next sync takes it"])
    }

    /// A typed sync says each time that changes made here cannot be sent; the open prompt's sync,
    /// which runs every minute, says it when their number changes.
    @Test func thePromptSaysChangesItCannotSendOnceUntilTheirNumberChanges() {
        var stranded = SyncReport()
        stranded.notSent = 1
        let line = "1 task changed here is not sent: tasks cannot read the server's copy"
        var notSent = 0
        func background(_ report: SyncReport) -> [String] {
            let said = SyncCommands.background(.synced(report, address: "https://dav.example.com/tasks/"),
                                               failedBefore: nil, notSentBefore: notSent, netrcFile: nil)
            notSent = said.notSent
            return said.messages.map(\.text)
        }

        #expect(background(stranded) == [line])
        #expect(background(stranded) == [])
        #expect(background(SyncReport()) == [])
        #expect(background(stranded) == [line])
        #expect(SyncCommands.lines(stranded).map(\.text) == ["synced: 1 change not sent", line])
    }
}
