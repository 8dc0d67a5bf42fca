internal import GRDB

/// The database schema, declared as GRDB migrations.
///
/// Every change is a numbered step of the undo history. A step that creates a task *is* that task's
/// row: the task's id is the step number, so an append writes one row. Every other step is a row
/// of `step`, which also records `skipped` ranges: undone steps dropped by a later change, whose
/// numbers are never used again (so an id never names two tasks). `history` holds the counters.
///
/// `clear` writes no task row: every task with an id up to `history.clearedThrough` is hidden
/// (the clear's own step number, above every id before it), so clearing 10,000 tasks costs what
/// clearing one does; its step remembers the previous value for undo.
///
/// A task is never deleted by a change that can be undone: `removedBy` hides it, naming the step
/// that removed it (or its own id when its creation was undone); `restoredBy` names the step whose
/// undo brought it back, so that redo finds it. Hidden tasks are purged once their step leaves the
/// kept history.
enum Schema {
    /// The `PRAGMA user_version` the latest migration leaves. `v1` leaves 0; a later migration
    /// must set it one higher and this must follow, or stores would be opened without migrating.
    static let userVersion: Int32 = 0

    /// Whether a tasks store whose header holds `userVersion` has every migration applied, so that
    /// opening it needs no migrator (which costs three statements at every start).
    ///
    /// The header of the database file may be older than the write-ahead log beside it, never
    /// newer, and migrations only go forward: a header that says current is current.
    static func isCurrent(userVersion: Int32) -> Bool {
        userVersion == Self.userVersion
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                PRAGMA application_id = \(StoreFile.applicationID);
                CREATE TABLE task (
                    id INTEGER PRIMARY KEY,
                    text TEXT NOT NULL,
                    isFavorite BOOLEAN NOT NULL DEFAULT 0,
                    createdAt DOUBLE NOT NULL,
                    removedBy INTEGER,
                    restoredBy INTEGER
                );
                CREATE INDEX task_removedBy ON task(removedBy) WHERE removedBy IS NOT NULL;
                CREATE INDEX task_restoredBy ON task(restoredBy) WHERE restoredBy IS NOT NULL;
                CREATE TABLE step (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    taskIDs TEXT,
                    oldText TEXT,
                    newText TEXT,
                    taskCount INTEGER NOT NULL,
                    lastID INTEGER,
                    clearedThrough INTEGER
                );
                CREATE TABLE history (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    lastStep INTEGER NOT NULL,
                    undoneFrom INTEGER,
                    floor INTEGER NOT NULL,
                    clearedThrough INTEGER NOT NULL
                );
                INSERT INTO history (id, lastStep, undoneFrom, floor, clearedThrough) VALUES (1, 0, NULL, 0, 0);
                """)
        }
        return migrator
    }
}
