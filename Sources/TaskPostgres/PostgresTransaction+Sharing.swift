import TaskModel

/// Sharing the list through the server's own roles and privileges: the rights on the schema
/// `tasks`, its tables and its sequence that using the list takes (reading it; changing it, which
/// records steps under each person's name and numbers them). Listening for others' changes needs
/// no right. GRANT and REVOKE are transactional: in a script they commit or roll back with it.
extension PostgresTransaction: ListSharing {
    var sharing: (any ListSharing)? { self }

    func share(with role: String, readOnly: Bool) throws {
        let name = try quotedRole(try checked(role).role)
        let schema = PostgresSchema.name
        // Taken first, so that sharing read-only with a member who could change the list leaves
        // them able only to read it.
        var statements = """
            REVOKE ALL ON ALL TABLES IN SCHEMA \(schema) FROM \(name);
            REVOKE ALL ON ALL SEQUENCES IN SCHEMA \(schema) FROM \(name);
            GRANT USAGE ON SCHEMA \(schema) TO \(name);
            """
        if readOnly {
            statements += "GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO \(name);"
        } else {
            statements += """
                GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA \(schema) TO \(name);
                GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(schema) TO \(name);
                """
        }
        try runStatements(statements)
    }

    @discardableResult
    func unshare(from role: String) throws -> Bool {
        let found = try checked(role)
        let name = try quotedRole(found.role)
        let schema = PostgresSchema.name
        try runStatements("""
            REVOKE ALL ON ALL TABLES IN SCHEMA \(schema) FROM \(name);
            REVOKE ALL ON ALL SEQUENCES IN SCHEMA \(schema) FROM \(name);
            REVOKE ALL ON SCHEMA \(schema) FROM \(name);
            """)
        return found.hadAccess
    }

    /// The role, once it is known to exist, to be neither this connection's nor the owner's, and
    /// this connection's role may grant on the list (it owns it, is a member of its owner, or is a
    /// superuser); whether the role could use the list.
    private func checked(_ role: String) throws -> (role: String, hadAccess: Bool) {
        // A NUL cannot be in a role's name, nor be sent in a text.
        guard !role.utf8.contains(0) else { throw SharingError.noSuchRole(role) }
        let found = try query("""
            SELECT current_user::text, pg_get_userbyid(n.nspowner)::text, pg_has_role(n.nspowner, 'USAGE'),
                   r.oid IS NOT NULL, r.oid IS NOT DISTINCT FROM n.nspowner,
                   COALESCE(has_schema_privilege(r.oid, n.oid, 'USAGE'), false)
            FROM pg_namespace n LEFT JOIN pg_roles r ON r.rolname = $1
            WHERE n.nspname = '\(PostgresSchema.name)'
            """, .text(role))
        guard found.count == 1 else { throw SharingError.noSuchRole(role) }
        if found.string(0, 0) == role { throw SharingError.ownRole(role) }
        guard found.bool(0, 3) == true else { throw SharingError.noSuchRole(role) }
        guard found.bool(0, 2) == true else { throw SharingError.notOwner(owner: found.string(0, 1) ?? "") }
        if found.bool(0, 4) == true { throw SharingError.ownerRole(role) }
        return (role, found.bool(0, 5) == true)
    }

    /// The role's name as an SQL identifier.
    private func quotedRole(_ role: String) throws -> String {
        do {
            return try connection.quotedIdentifier(role)
        } catch {
            throw StoreError(error, location: location)
        }
    }
}
