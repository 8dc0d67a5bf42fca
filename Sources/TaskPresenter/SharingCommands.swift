import TaskModel

/// `share ROLE [--read-only]` and `unshare ROLE`: who may use a list shared on a server, through
/// the store's `ListSharing`, in the write transaction of the command or the script. Not changes
/// of the list: no step is recorded, the list is not shown again.
enum SharingCommands {
    /// What is asked.
    enum Request {
        case share(role: String, readOnly: Bool)
        case unshare(role: String)
    }

    /// Does `request` in `store`, the store at `location`; the message to show.
    static func perform(_ request: Request, in store: any TaskWriting, location: String) throws -> Message {
        switch request {
        case let .share(role, readOnly):
            guard let sharing = store.sharing else { throw SharingCommandError(command: "share", location: location) }
            try sharing.share(with: role, readOnly: readOnly)
            return .info(readOnly ? "shared the list with \(role), read-only: \(role) can read it, not change it"
                                  : "shared the list with \(role): \(role) can read and change it")
        case let .unshare(role):
            guard let sharing = store.sharing else { throw SharingCommandError(command: "unshare", location: location) }
            guard try sharing.unshare(from: role) else {
                return .info("the list was not shared with \(role); nothing was changed")
            }
            return .info("unshared the list: \(role) can no longer read or change it")
        }
    }
}

/// `share` or `unshare` on a store that has no sharing (an SQLite file).
struct SharingCommandError: Error, CustomStringConvertible {
    var command: String
    var location: String

    var description: String {
        "\(command) works on a shared list on a PostgreSQL server; \(location) is a file"
    }
}

extension SharingError {
    /// The sentence the user reads (after `<input>: `).
    var message: String {
        switch self {
        case let .noSuchRole(role):
            "there is no role “\(role)” on the server; nothing was changed"
        case let .ownRole(role):
            "you are \(role): share and unshare are for other roles; nothing was changed"
        case let .ownerRole(role):
            "\(role) owns the list and always has it; nothing was changed"
        case let .notOwner(owner):
            "only the list's owner (\(owner)) can share or unshare it; nothing was changed"
        }
    }
}
