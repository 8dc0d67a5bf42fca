import TaskModel

extension StoreError {
    /// The store error for a failure of the server or the connection while using the list at
    /// `location`; `committing` when it happened while waiting for a commit.
    init(_ error: PostgresError, location: String, committing: Bool = false) {
        let cause = Cause(code: error.sqlState ?? "libpq", message: error.message)
        if error.connectionLost {
            self = .connectionLost(location: location, cause: cause, committing: committing)
            return
        }
        switch error.sqlState {
        case SQLState.queryCanceled:
            self = .interrupted(path: location)
        case SQLState.lockNotAvailable:
            self = .busy(path: location, seconds: PostgresStorage.lockTimeout)
        case SQLState.insufficientPrivilege:
            self = .permissionDenied(location: location, cause: cause)
        case SQLState.readOnlyTransaction:
            self = .readOnly(path: location)
        default:
            self = .storage(path: location, cause: cause)
        }
    }
}
