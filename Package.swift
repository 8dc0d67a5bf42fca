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
        // Tests only: random command sequences checked against a reference model (TaskPropertyTests).
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(
            name: "TaskModel",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "TaskPresenter",
            dependencies: ["TaskModel"]
        ),
        .executableTarget(
            name: "TaskREPL",
            dependencies: [
                "TaskPresenter",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libFuzzer target over the parser and presenter: `make fuzz` (a plain build replays files).
        .executableTarget(name: "TaskFuzz", dependencies: ["TaskPresenter", "TaskModel"]),
        .testTarget(
            name: "TaskModelTests",
            dependencies: ["TaskModel", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "TaskPresenterTests", dependencies: ["TaskPresenter", "TaskModel"]),
        .testTarget(
            name: "TaskPropertyTests",
            dependencies: ["TaskPresenter", "TaskModel", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ]
)
