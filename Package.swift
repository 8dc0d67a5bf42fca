// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tasks",
    products: [
        .executable(name: "tasks", targets: ["TaskREPL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // CalDAV sync's HTTP: keep-alive, concurrent requests, TLS (BoringSSL, linked in), on SwiftNIO.
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // Tests only: random command sequences checked against a reference model (TaskPropertyTests).
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Values, the storage protocols, StoreError, ordering, the one design of undo history
        // (History/) and calendar days and due dates (Time/): Foundation only.
        .target(name: "TaskModel"),
        // The default store, an SQLite file (GRDB): a TaskStorage backend of its own, so that nothing
        // above the model links SQLite.
        .target(
            name: "TaskSQLite",
            dependencies: [
                "TaskModel",
                "TaskSystem",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // todo.txt, Taskwarrior JSON, Markdown and iCalendar: pure, bytes in and tasks out and back.
        .target(
            name: "TaskInterchange",
            dependencies: ["TaskModel"]
        ),
        // libpq, PostgreSQL's C client library: its header and the stand-ins that let it link statically.
        .target(name: "CLibPQ", linkerSettings: [.linkedLibrary("pq")]),
        // The shared list on a PostgreSQL server: a TaskStorage backend of its own, so that TaskModel
        // and TaskSQLite do not depend on libpq.
        .target(name: "TaskPostgres", dependencies: ["TaskModel", "CLibPQ"]),
        // CalDAV: HTTP, discovery, sync-collection, conditional writes, credentials and the engine that
        // merges a task list on a server with the store (over TaskModel and the iCalendar mapping).
        .target(
            name: "TaskSync",
            dependencies: [
                "TaskModel",
                "TaskInterchange",
                "TaskSystem",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // The pairing file (PairingFile): an SQLite database, read and written row by row.
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "TaskPresenter",
            dependencies: ["TaskModel", "TaskInterchange", "TaskSync", "TaskWidth"]
        ),
        .systemLibrary(name: "CWideCharacter"),
        // How many columns text takes on a terminal (the C library's wcwidth, in a UTF-8 locale):
        // the presenter shortens its sentences by it, the terminal lays out its rows by it.
        .target(name: "TaskWidth", dependencies: ["CWideCharacter"]),
        .target(
            name: "TaskTerminal",
            dependencies: ["TaskWidth"]
        ),
        // The C library's calls the command line makes (files, terminals, signals, waiting for
        // input), each behind a typed Swift function: nothing above it calls C for these.
        .target(name: "TaskSystem"),
        // The prompt's line editor: libedit (every call of it in LineEditor.swift), keys, history.
        .target(name: "TaskLineEditor", dependencies: ["CEditLine", "TaskSystem", "TaskTerminal", "TaskWidth"]),
        // The command line: the flags (one definition, and the fast path read against it), the modes
        // and their sessions, the view that prints, the man page and completion generators.
        .target(
            name: "TaskCLI",
            dependencies: [
                "TaskModel",
                "TaskPresenter",
                "TaskSync",
                "TaskSQLite",
                "TaskPostgres",
                "TaskTerminal",
                "TaskWidth",
                "TaskSystem",
                "TaskLineEditor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The executable `tasks`: main.swift alone.
        .executableTarget(name: "TaskREPL", dependencies: ["TaskCLI"]),
        // `make bench`'s in-process figures (one REPL command and re-render on 10k tasks).
        .executableTarget(
            name: "TaskBench",
            dependencies: ["TaskModel", "TaskSQLite", "TaskPresenter", "TaskTerminal"]
        ),
        // libFuzzer target over the parser and presenter: `make fuzz` (a plain build replays files).
        .executableTarget(name: "TaskFuzz", dependencies: ["TaskPresenter", "TaskModel", "TaskSQLite"]),
        // libFuzzer target over the four importers, apart from the presenter's: no store, so many
        // times as many inputs a second, and seeds that are plain files (`make fuzz`).
        .executableTarget(name: "TaskImportFuzz", dependencies: ["TaskInterchange", "TaskModel"]),
        // What several test targets share (a temporary folder removed with its contents, child
        // processes, the PostgreSQL and CalDAV servers, the other device of the sync tests).
        .target(name: "TaskTestSupport", dependencies: ["TaskModel"], path: "Tests/TaskTestSupport"),
        // The backend-neutral spec suite, run against every backend, and the model's values.
        .testTarget(name: "TaskModelTests", dependencies: ["TaskModel", "TaskSQLite", "TaskPostgres", "TaskTestSupport"]),
        // Each backend's own: files, migrations of older stores, the server's people and notifications.
        .testTarget(
            name: "TaskSQLiteTests",
            dependencies: ["TaskSQLite", "TaskModel", "TaskTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TaskPostgresTests",
            dependencies: ["TaskPostgres", "TaskModel", "TaskTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "TaskPresenterTests",
                    dependencies: ["TaskPresenter", "TaskModel", "TaskSQLite", "TaskSync", "TaskInterchange", "TaskWidth", "TaskTestSupport"]),
        .testTarget(name: "TaskTerminalTests", dependencies: ["TaskTerminal", "TaskWidth"]),
        .testTarget(name: "TaskLineEditorTests", dependencies: ["TaskLineEditor", "TaskTestSupport"]),
        .testTarget(name: "TaskCLITests", dependencies: ["TaskCLI", "TaskSystem", "TaskTestSupport"]),
        .testTarget(name: "TaskInterchangeTests", dependencies: ["TaskInterchange", "TaskModel"]),
        // Runs the built `tasks` executable (piped scripts, one-shot commands, the REPL under tmux):
        // build it first with `swift build --product tasks`, as `make test` does.
        .testTarget(name: "TaskREPLTests", dependencies: ["TaskTestSupport"]),
        // Two-way sync with CalDAV servers run privately (Radicale, Xandikos, a hostile one:
        // Tests/caldav-server.sh), todoman through vdirsyncer as the other device.
        .testTarget(name: "TaskSyncTests", dependencies: ["TaskSync", "TaskSQLite", "TaskModel", "TaskTestSupport"]),
        .testTarget(
            name: "TaskPropertyTests",
            dependencies: ["TaskPresenter", "TaskModel", "TaskSQLite", "TaskPostgres", "TaskTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ]
)
