import Testing
import PropertyBased

/// The same random command sequences on SQLite and on PostgreSQL give the same outcomes, messages,
/// rows and stored tasks after every line (`BackendPairHarness`).
///
/// Fewer sequences than the SQLite property test, as each line is a few round trips to the server
/// and each sequence a new database: 12 sessions of 30–60 lines, then undo and redo of everything,
/// and 6 runs each of keep-going and atomic scripts (well under a minute on two busy cores).
@Suite("Random command sequences agree on SQLite and PostgreSQL")
struct BackendDifferentialPropertyTests {
    @Test("after every line of a session, then of undoing and redoing everything, both backends agree")
    func sessionsAgree() async {
        await propertyCheck(count: 12, input: CommandLines.session) { lines in
            try recordingErrors {
                let pair = try BackendPairHarness()
                for line in lines { try pair.handle(line) }
                for _ in 0...lines.count { try pair.handle("undo") }
                for _ in 0...lines.count { try pair.handle("redo") }
            }
        }
    }

    @Test("keep-going and atomic scripts skip, apply and refuse the same lines on both backends")
    func scriptsAgree() async {
        await propertyCheck(count: 6, input: CommandLines.scripts) { scripts in
            try recordingErrors {
                let pair = try BackendPairHarness()
                for script in scripts { try pair.runScript(script, keepGoing: true) }
                for script in scripts { try pair.runScript(script, keepGoing: false) }
                try pair.handle("undo")
            }
        }
    }
}
