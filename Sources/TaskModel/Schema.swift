internal import GRDB

/// The database schema, declared as GRDB migrations.
///
/// A task is never deleted by a change that can be undone: `removedBy` hides it, naming the
/// journal entry whose change removed it (or whose create was undone); `restoredBy` names the
/// entry whose undo brought it back, so that redo finds it. Hidden tasks are purged once their
/// journal entry leaves the kept history.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                PRAGMA application_id = \(StoreFile.applicationID);
                CREATE TABLE task (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    text TEXT NOT NULL,
                    isFavorite BOOLEAN NOT NULL DEFAULT 0,
                    position INTEGER NOT NULL,
                    createdAt DOUBLE NOT NULL,
                    removedBy INTEGER,
                    restoredBy INTEGER
                );
                CREATE INDEX task_live ON task(position, id) WHERE removedBy IS NULL;
                CREATE INDEX task_removedBy ON task(removedBy) WHERE removedBy IS NOT NULL;
                CREATE INDEX task_restoredBy ON task(restoredBy) WHERE restoredBy IS NOT NULL;
                CREATE TABLE journal (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    taskID INTEGER,
                    taskIDs TEXT,
                    oldText TEXT,
                    newText TEXT,
                    taskCount INTEGER NOT NULL,
                    isUndone BOOLEAN NOT NULL DEFAULT 0
                );
                """)
        }
        return migrator
    }
}
