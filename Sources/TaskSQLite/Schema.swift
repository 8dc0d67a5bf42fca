internal import GRDB
import TaskModel

/// The SQLite store's schema, declared as GRDB migrations.
///
/// Identity, order and undo steps are three separate things:
/// - a task's identity is its `uuid` (16 bytes, the same in every backend and export);
/// - its place in the list is `position`, the table's integer key, so listing in order is a plain
///   scan of the table; positions are spaced `ListPosition.gap` apart so that a move writes one row
///   (the midpoint of its new neighbours), and are renumbered only when a gap is used up;
/// - every change is a numbered step of the undo history (`history` holds the counters), read back
///   as a `RecordedStep`: each task it touched, before and after.
///
/// Version 4 keeps steps as the shared list does: a `step` row (its kind) and a `step_task` row for
/// each task it changed, with the task's whole row before and after (`before_…`, `after_…`), so a
/// change of any field, a new one included, is undone by writing the row back. A task is never
/// deleted by a change that can be undone: `removedBy` hides it, naming the step that removed it
/// (a removal's images are the row shown and the row hidden), and a hidden row keeps its fields.
/// Two kinds of step, the bulk of a list's changes, are kept more compactly:
/// - a step that creates tasks has no row of its own: the tasks name it (`createdBy`), so an append
///   writes one row and updates one index (`uuid`'s); its undo hides them with `removedBy` =
///   `createdBy`. `createdBy` has no index: only undo and redo of a create look a task up by it,
///   and scanning the table costs them 0.1 µs a task, less than the index would cost every append;
/// - `clear` writes no task row: every task created by a step up to `history.clearedThrough` is
///   hidden (the clear's own number, above every step before it), so clearing 10,000 tasks costs
///   what clearing one does; its step row remembers the previous value (`through`).
/// Hidden tasks are purged once their step leaves the kept history. An import adds tasks as a
/// create does and keeps the rows of those it updates or brings back in `step_task`; a sync (kind
/// `sync`) is an import that may also hide tasks, as a removal does, and move tasks, in the same step. (Schema 3
/// marked the tasks a removal's undo brought back with `restoredBy`; version 4 drops the column.)
///
/// `foreignFields` (version 3) holds `TaskItem.foreign`, NULL for a task with none
/// (`ForeignFieldsCoding`). Version 5 adds a task's due date (`dueDay` for an all-day one, days
/// since 1970; `dueAt` for a timed one), `tags` and `recurrence` (their stored forms), NULL when
/// it has none, to `task` and to both images in `step_task`. Version 6 adds `modifiedAt`, the time
/// of a task's last change (`TaskItem.modifiedAt`), NULL until it is first changed, the same way.
/// Version 7 changes no table: its `recurrence` may hold a series' zone and time of day
/// (`Recurrence.storedForm`), which older versions of tasks cannot read, so they refuse the store.
enum Schema {
    /// The `PRAGMA user_version` the latest migration leaves (`v1` left 0).
    static let userVersion: Int32 = 7

    /// Whether a tasks store whose header holds `userVersion` has every migration applied, so that
    /// opening it needs no migrator (which costs three statements at every start).
    ///
    /// The header of the database file may be older than the write-ahead log beside it, never
    /// newer, and migrations only go forward: a header that says current is current.
    static func isCurrent(userVersion: Int32) -> Bool {
        userVersion == Self.userVersion
    }

    /// Whether a tasks store whose header holds `userVersion` was made by a newer version of tasks.
    static func isNewer(userVersion: Int32) -> Bool {
        userVersion > Self.userVersion
    }

    /// The migrations; `upgraded` hears of each store brought up from an earlier version.
    static func migrator(upgraded: @escaping @Sendable (StoreUpgrade) -> Void = { _ in }) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: version1)
        }
        migrator.registerMigration("v2") { db in
            if let upgrade = try UpgradeToVersion2.run(db) { upgraded(upgrade) }
        }
        migrator.registerMigration("v3") { db in
            // A column added with no default rewrites no row: instant on a store of any size.
            try db.execute(sql: "ALTER TABLE task ADD COLUMN foreignFields TEXT; PRAGMA user_version = 3")
        }
        migrator.registerMigration("v4") { db in
            if let upgrade = try UpgradeToVersion4.run(db) { upgraded(upgrade) }
        }
        migrator.registerMigration("v5") { db in
            try addVersion5Columns(db)
            // `today` and `upcoming` find the dated tasks of a long list without reading the others.
            try db.execute(sql: """
                CREATE INDEX task_dated ON task(position) WHERE dueDay IS NOT NULL OR dueAt IS NOT NULL;
                PRAGMA user_version = 5
                """)
        }
        migrator.registerMigration("v6") { db in
            try addVersion6Columns(db)
            try db.execute(sql: "PRAGMA user_version = 6")
        }
        migrator.registerMigration("v7") { db in
            try db.execute(sql: "PRAGMA user_version = 7")
        }
        return migrator
    }

    /// The first release's schema, where a task's id was its identity, its position and its
    /// creating step at once. A new store is made by this and then upgraded, like an old one.
    private static let version1 = """
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
        """

    /// The tables of version 2 (the `history` table is version 1's).
    static let version2Tables = """
        CREATE TABLE task (
            position INTEGER PRIMARY KEY,
            uuid BLOB NOT NULL UNIQUE,
            text TEXT NOT NULL,
            isFavorite INTEGER NOT NULL DEFAULT 0,
            doneAt REAL,
            createdAt REAL NOT NULL,
            createdBy INTEGER NOT NULL,
            removedBy INTEGER,
            restoredBy INTEGER
        );
        CREATE INDEX task_removedBy ON task(removedBy) WHERE removedBy IS NOT NULL;
        CREATE INDEX task_restoredBy ON task(restoredBy) WHERE restoredBy IS NOT NULL;
        CREATE TABLE step (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            tasks BLOB NOT NULL,
            data TEXT NOT NULL
        );
        """

    /// The undo history's tables of version 4.
    static let version4History = """
        CREATE TABLE step (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            through INTEGER
        );
        CREATE TABLE step_task (
            step INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            task BLOB NOT NULL,
            \(image("before_")),
            \(image("after_")),
            PRIMARY KEY (step, ordinal)
        ) WITHOUT ROWID;
        """

    /// Adds the columns of version 5 to `task` and `step_task`, unless they are there already (the
    /// upgrade to version 4 adds them first, since it writes images of today's rows). Columns added
    /// with no default rewrite no row: instant on a store of any size.
    static func addVersion5Columns(_ db: Database) throws {
        guard try !db.columns(in: "task").contains(where: { $0.name == "dueDay" }) else { return }
        let columns = "dueDay INTEGER, dueAt REAL, tags TEXT, recurrence TEXT".split(separator: ",")
        for column in columns {
            let column = column.trimmingCharacters(in: .whitespaces)
            try db.execute(sql: "ALTER TABLE task ADD COLUMN \(column)")
            for side in ["before_", "after_"] { try db.execute(sql: "ALTER TABLE step_task ADD COLUMN \(side)\(column)") }
        }
    }

    /// Adds the column of version 6 to `task` and `step_task`, unless it is there already (the
    /// upgrade to version 4 adds it first, as it does version 5's), rewriting no row.
    static func addVersion6Columns(_ db: Database) throws {
        guard try !db.columns(in: "task").contains(where: { $0.name == "modifiedAt" }) else { return }
        try db.execute(sql: "ALTER TABLE task ADD COLUMN modifiedAt REAL")
        for side in ["before_", "after_"] { try db.execute(sql: "ALTER TABLE step_task ADD COLUMN \(side)modifiedAt REAL") }
    }

    /// The columns of one image of a task row in `step_task`.
    private static func image(_ prefix: String) -> String {
        """
        \(prefix)position INTEGER NOT NULL, \(prefix)text TEXT NOT NULL, \(prefix)isFavorite INTEGER NOT NULL,
            \(prefix)doneAt REAL, \(prefix)createdAt REAL NOT NULL, \(prefix)foreignFields TEXT,
            \(prefix)createdBy INTEGER NOT NULL, \(prefix)removedBy INTEGER
        """
    }
}
