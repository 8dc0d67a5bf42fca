extension TaskStore {
    /// SQLite's `data_version` as this transaction sees it: it changes only when another
    /// connection commits, so a caller holding a copy of the list knows whether it is still exact.
    public func externalVersion() throws -> Int {
        try dataVersion()
    }
}
