/// Who may use a list shared on a server, as its owner decides: an optional capability of a write
/// transaction (`TaskWriting.sharing`). A store of one person's (an SQLite file) has none.
///
/// Sharing is not a change of the list: it records no step, and undo does not revert it.
public protocol ListSharing {
    /// Lets the server's role `role` read and change the list or, with `readOnly`, only read it
    /// (a role that could change it can then only read it). Throws `SharingError` when the role
    /// does not exist, is the one this connection uses or the list's owner, or when this role may
    /// not share the list (only its owner may).
    func share(with role: String, readOnly: Bool) throws

    /// Takes from `role` every right to the list; returns false, changing nothing, when it had none.
    /// Throws as `share` does.
    @discardableResult
    func unshare(from role: String) throws -> Bool
}

/// Why the list could not be shared with a role, or unshared: plain data, which the presenter
/// turns into a sentence.
public enum SharingError: Error, Sendable, Hashable {
    /// The server has no role of this name.
    case noSuchRole(String)
    /// The role is the one this connection uses: it has the list already.
    case ownRole(String)
    /// The role owns the list: it always has it.
    case ownerRole(String)
    /// Only the list's owner (the role named) may share it, and this connection's role is not it.
    case notOwner(owner: String)
}
