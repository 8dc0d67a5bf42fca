@testable import TaskPostgres
import Testing

/// What a `--db` value is, and how it is shown without its password, valid or not.
@Suite struct ConnectionStringTests {
    @Test(arguments: [
        ("postgresql://alice:pw@db/team", "postgresql://alice@db/team"),
        ("postgres://alice:pw@db/team?sslmode=require&password=pw2", "postgres://alice@db/team?sslmode=require"),
        ("postgresql://alice@db/team?password=pw2&sslmode=require", "postgresql://alice@db/team?sslmode=require"),
        ("postgresql://alice@db/team?password=pw2", "postgresql://alice@db/team"),
        ("host=db password=pw dbname=team", "host=db dbname=team"),
        ("password='p w' host=db", "host=db"),
        ("  password = pw   host=db", "host=db"),
        ("host=db dbname=team", "host=db dbname=team"),
    ])
    func aConnectionStringIsShownWithoutItsPassword(given: String, shown: String) {
        #expect(ConnectionString(unchecked: given).withoutPassword == shown)
    }

    @Test(arguments: ["/home/ann/tasks.sqlite", "tasks.sqlite", "notes=old.sqlite", "a:b.sqlite", "./postgresql://x",
                      "backups/a=b", "postgres.sqlite", "postgresql-list.db"])
    func aPathIsAPath(value: String) {
        #expect(ConnectionString.read(value) == .path)
    }

    @Test(arguments: [("postgresql:ann:pw@db", "postgresql:ann@db", "postgresql:"),
                      ("POSTGRES:ann:pw@db", "POSTGRES:ann@db", "postgres:"),
                      ("postgresql//ann:pw@db/t", "postgresql//ann@db/t", "postgresql//")])
    func postgresMistypedWithoutItsSlashesIsInvalid(given: String, shown: String, scheme: String) {
        #expect(ConnectionString.read(given) == .invalid(shown: shown, scheme: scheme, reason: nil))
    }

    @Test func aMistypedSchemeIsInvalidWithoutItsPassword() {
        #expect(ConnectionString.read("postgresq://ann:pw@db/team")
                == .invalid(shown: "postgresq://ann@db/team", scheme: "postgresq://", reason: nil))
    }

    @Test func pairsWithAnUnknownKeyAreInvalidWithoutTheirValue() {
        #expect(ConnectionString.read("host=db passwd=pw")
                == .invalid(shown: "host=db passwd=…", scheme: nil, reason: "invalid connection option \"passwd\""))
        #expect(ConnectionString.read("pass=pw")
                == .invalid(shown: "pass=…", scheme: nil, reason: "invalid connection option \"pass\""))
    }

    @Test func aPasswordQuotedByLibpqIsNamedNotShown() {
        let given = ConnectionString(unchecked: "postgresql://ann:S3c%zz@db/team")
        #expect(given.scrubbed("invalid percent-encoded token: \"S3c%zz\"") == "invalid percent-encoded token in the password")
        #expect(given.scrubbed("bad URI: \"postgresql://ann:S3c%zz@db/team\"") == "bad URI: \"postgresql://ann@db/team\"")
        #expect(given.scrubbed("token \"xS3c%zzy\" here") == "token \"x…y\" here")
    }

    @Test func thePasswordsPlacesAreFoundForHidingThem() {
        #expect(ConnectionString.Secrets("postgresql://ann:pw@db/t?password=xyz").ranges == [17..<19, 34..<37])
        #expect(ConnectionString.Secrets("host=db password='a b'").ranges == [18..<21])
    }
}
