import TaskModel

/// The shared list's tables, in a schema of their own (`tasks`), so that a database holding other
/// tables serves too; `tasks.meta` says which program made the schema and its version.
///
/// The list is the SQLite store's, for a list many people change at once:
/// - a task's identity is its `uuid`; its place is `position`, spaced `ListPosition.gap` apart so that a
///   move writes one row (the midpoint of its neighbours); its text is `bytea`, because PostgreSQL's
///   `text` cannot hold a NUL byte and a task's text is kept exactly;
/// - `task.foreign_fields` (version 2) holds `TaskItem.foreign` as `ForeignFieldsCoding` writes it,
///   in `bytea` (NULL when there is none), so that a shared list exported keeps other programs' fields;
/// - every change is a row of `step`, numbered by a sequence, with its `author` (the database role, or
///   the name given, that made it), its `kind` (a `Change.Kind` raw value), how many tasks it touched
///   and whether it is `undone`: undo reverts its author's latest change, never another person's;
/// - `step_task` (version 3) holds, per task a step touched, the task's row before and after the step:
///   `before_position, before_text, before_favorite, before_done, before_created_at, before_foreign,
///   before_removed_by` and the same `after_…` columns (`PostgresTaskRow`). `created_at` is never NULL
///   in an image, so a NULL there means the task did not exist on that side (the before of a create);
///   an image whose `removed_by` is set is a hidden row, written back with its remover. Undo and redo
///   are TaskModel's (`StepHistory`): a step is replayed only when each task it touched reads as the
///   side it expects, and then the other side is written back. The images are columns of `step_task`,
///   not a table of their own, so that the grants a list's users were given on its tables cover them;
/// - `task.changed_author` (version 3) is the person who last changed a task, by a change, an undo or
///   a redo: a refused undo or redo names who made the changes in the way. (`task.changed_by`, the
///   step that last changed it, and `step_task.previous_change`, the one before, which an undo
///   restores, are what version 2 named them by: the upgrade reads them, and they are kept up.)
/// - `task.due_day` (an all-day due date, days since 1970), `task.due_at` (a timed one, seconds since
///   1970), `task.tags` and `task.recurrence` (`Tags.storedForm`, `Recurrence.storedForm`) are version
///   4's, NULL when the task has none, kept by the images as `before_due_day` … `after_recurrence`;
///   version 6 changes no table: `recurrence` may then hold a series' zone and time of day, which
///   older versions of tasks cannot read, so they refuse the list;
/// - no change that can be undone deletes a task: `removed_by` hides it.
///
/// Writers take the one row of `meta` (`FOR UPDATE`) first, so that they run one at a time, as
/// SQLite's writers do; `meta.list_version` counts the commits that changed the list.
enum PostgresSchema {
    /// The schema's name.
    static let name = "tasks"
    /// What `meta.application` holds in a schema this program made.
    static let application = "tasks"
    /// The version the latest migration leaves in `meta.version`.
    static let version = 6
    /// A key for `pg_advisory_xact_lock`, held while the schema is created (the text "tasks" in hex).
    static let migrationLock: Int64 = 0x7461_736B_73
    /// The channel every commit that changed the list notifies (`NOTIFY`), and open prompts listen
    /// on. No table holds it, so it needs no migration: a client that does not notify is not heard.
    static let changeChannel = "tasks_list"

    /// The migrations, in order: the one at index `n` brings the schema from version `n` to `n + 1`,
    /// inside the transaction that holds `migrationLock`, and says whether it kept the history.
    static let migrations: [@Sendable (PostgresConnection) throws -> Bool] = [
        { try $0.run(version1); return true },
        { try $0.run(version2); return true },
        PostgresUpgradeToVersion3.run,
        { try $0.run(version4Columns + "UPDATE tasks.meta SET version = 4 WHERE id = 1;"); return true },
        { try $0.run(version5Columns + "UPDATE tasks.meta SET version = 5 WHERE id = 1;"); return true },
        { try $0.run("UPDATE tasks.meta SET version = 6 WHERE id = 1;"); return true },
    ]

    private static let version1 = """
        CREATE SCHEMA tasks;
        CREATE TABLE tasks.meta (
            id integer PRIMARY KEY CHECK (id = 1),
            application text NOT NULL,
            version integer NOT NULL,
            list_version bigint NOT NULL
        );
        CREATE SEQUENCE tasks.step_number;
        CREATE TABLE tasks.step (
            id bigint PRIMARY KEY,
            author text NOT NULL,
            kind text NOT NULL,
            undone boolean NOT NULL DEFAULT false,
            task_count integer NOT NULL,
            old_text bytea,
            new_text bytea,
            from_position bigint,
            to_position bigint,
            done_at double precision
        );
        CREATE INDEX step_author ON tasks.step (author, id);
        CREATE TABLE tasks.task (
            uuid uuid PRIMARY KEY,
            position bigint NOT NULL CONSTRAINT task_position UNIQUE DEFERRABLE INITIALLY IMMEDIATE,
            text bytea NOT NULL,
            is_favorite boolean NOT NULL DEFAULT false,
            done_at double precision,
            created_at double precision NOT NULL,
            created_by bigint NOT NULL,
            changed_by bigint,
            removed_by bigint
        );
        CREATE INDEX task_removed_by ON tasks.task (removed_by) WHERE removed_by IS NOT NULL;
        CREATE TABLE tasks.step_task (
            step bigint NOT NULL,
            ordinal integer NOT NULL,
            task uuid NOT NULL,
            previous_change bigint,
            previous_done double precision,
            PRIMARY KEY (step, ordinal)
        );
        INSERT INTO tasks.meta (id, application, version, list_version) VALUES (1, 'tasks', 1, 0);
        """

    /// Foreign fields, and the before- and after-images of the tasks an import changes.
    private static let version2 = """
        ALTER TABLE tasks.task ADD COLUMN foreign_fields bytea;
        ALTER TABLE tasks.step_task
            ADD COLUMN previous_text bytea,
            ADD COLUMN previous_favorite boolean,
            ADD COLUMN previous_created_at double precision,
            ADD COLUMN previous_foreign bytea,
            ADD COLUMN previous_removed_by bigint,
            ADD COLUMN imported_text bytea,
            ADD COLUMN imported_favorite boolean,
            ADD COLUMN imported_done double precision,
            ADD COLUMN imported_created_at double precision,
            ADD COLUMN imported_foreign bytea;
        UPDATE tasks.meta SET version = 2 WHERE id = 1;
        """

    /// The columns of each task's before- and after-image, added before the old history is
    /// converted into them (`PostgresUpgradeToVersion3`).
    static let version3Images = """
        ALTER TABLE tasks.step_task
            ADD COLUMN before_position bigint,
            ADD COLUMN before_text bytea,
            ADD COLUMN before_favorite boolean,
            ADD COLUMN before_done double precision,
            ADD COLUMN before_created_at double precision,
            ADD COLUMN before_foreign bytea,
            ADD COLUMN before_removed_by bigint,
            ADD COLUMN after_position bigint,
            ADD COLUMN after_text bytea,
            ADD COLUMN after_favorite boolean,
            ADD COLUMN after_done double precision,
            ADD COLUMN after_created_at double precision,
            ADD COLUMN after_foreign bytea,
            ADD COLUMN after_removed_by bigint;
        """

    /// A task's due date, tags and recurrence, on the task and in both images. Columns added without
    /// a default rewrite no row: the upgrade is instant on a list of any size, and the history stays
    /// as it was (NULL: no due date, no tags, no recurrence on either side). `IF NOT EXISTS`, because
    /// the upgrade to version 3 adds them first: the images it writes are of today's rows.
    static let version4Columns = """
        ALTER TABLE tasks.task
            ADD COLUMN IF NOT EXISTS due_day bigint,
            ADD COLUMN IF NOT EXISTS due_at double precision,
            ADD COLUMN IF NOT EXISTS tags text,
            ADD COLUMN IF NOT EXISTS recurrence text;
        ALTER TABLE tasks.step_task
            ADD COLUMN IF NOT EXISTS before_due_day bigint,
            ADD COLUMN IF NOT EXISTS before_due_at double precision,
            ADD COLUMN IF NOT EXISTS before_tags text,
            ADD COLUMN IF NOT EXISTS before_recurrence text,
            ADD COLUMN IF NOT EXISTS after_due_day bigint,
            ADD COLUMN IF NOT EXISTS after_due_at double precision,
            ADD COLUMN IF NOT EXISTS after_tags text,
            ADD COLUMN IF NOT EXISTS after_recurrence text;

        """

    /// What each kind of step kept of its own, once converted: the images say it all now.
    /// `modified_at`, the time of a task's last change (`TaskItem.modifiedAt`), NULL until it is
    /// first changed, and its images: columns with no default, which rewrite no row.
    static let version5Columns = """
        ALTER TABLE tasks.task ADD COLUMN IF NOT EXISTS modified_at double precision;
        ALTER TABLE tasks.step_task
            ADD COLUMN IF NOT EXISTS before_modified_at double precision,
            ADD COLUMN IF NOT EXISTS after_modified_at double precision;

        """

    static let version3Done = """
        ALTER TABLE tasks.step
            DROP COLUMN old_text, DROP COLUMN new_text, DROP COLUMN from_position, DROP COLUMN to_position,
            DROP COLUMN done_at;
        ALTER TABLE tasks.step_task
            DROP COLUMN previous_done, DROP COLUMN previous_text, DROP COLUMN previous_favorite,
            DROP COLUMN previous_created_at, DROP COLUMN previous_foreign, DROP COLUMN previous_removed_by,
            DROP COLUMN imported_text, DROP COLUMN imported_favorite, DROP COLUMN imported_done,
            DROP COLUMN imported_created_at, DROP COLUMN imported_foreign;
        ALTER TABLE tasks.task ADD COLUMN changed_author text;
        UPDATE tasks.task t SET changed_author = s.author FROM tasks.step s WHERE s.id = t.changed_by;
        UPDATE tasks.meta SET version = 3 WHERE id = 1;
        """
}
