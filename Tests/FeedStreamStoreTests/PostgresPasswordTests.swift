import FeedStreamPostgres
import FeedStreamStore
import Foundation
import Testing

/// A password no message may hold: every test below gives it and looks for it.
let passwordMarker = "Marker-7f3a9c-Secret"

/// Where the password comes from (the URL, one given apart, PGPASSWORD, the password file, as libpq reads it), and
/// that no error ever holds it.
@Suite("PostgresStore: passwords")
struct PostgresPasswordTests {
    /// A password file holding `text`, with `mode`.
    func passwordFile(_ text: String, mode: Int = 0o600) throws -> String {
        let file = try temporaryDirectory().appendingPathComponent("pgpass").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
        return file
    }

    func settings(_ url: String, password: String? = nil, _ environment: [String: String] = [:]) throws
        -> PostgresConnectionSettings
    {
        try PostgresConnectionSettings(url: url, password: password, environment: environment)
    }

    @Test("The URL's password, else the one given, else PGPASSWORD, else the password file; URL and given: refused")
    func precedence() throws {
        let file = try passwordFile("*:*:*:*:from-file\n")
        let environment = ["PGPASSWORD": "from-environment", "PGPASSFILE": file]
        let url = "postgres://feeds@db.example/feeds"
        #expect(try settings("postgres://feeds:from-url@db.example/feeds", environment).password == "from-url")
        #expect(try settings("\(url)?password=from%20query", environment).password == "from query")
        #expect(try settings(url, password: "given", environment).passwordSource == .given)
        #expect(try settings(url, password: "given", environment).password == "given")
        #expect(try settings(url, environment).password == "from-environment")
        #expect(try settings(url, ["PGPASSFILE": file]).password == "from-file")
        #expect(try settings(url, ["PGPASSFILE": file]).passwordSource == .passwordFile(file))
        #expect(try settings(url, ["HOME": "/nonexistent"]).password == nil)
        #expect(
            throws: StoreError(
                "postgres://feeds:…@db.example/feeds: the URL has a password and another was "
                    + "given apart from it: give one")
        ) {
            try settings("postgres://feeds:\(passwordMarker)@db.example/feeds", password: "given")
        }
    }

    @Test("The password file: the first matching line, * for any, \\ escapes, comments; ~/.pgpass by default")
    func passwordFileMatching() throws {
        let file = try passwordFile(
            """
            # a comment:*:*:*:not this
            other.example:*:*:*:other host
            db.example:5433:*:*:other port
            db.example:5432:feeds:feeds:p\\:ass\\\\word:ignored
            db.example:*:*:*:any database
            localhost:5432:*:*:local socket
            /srv/pg:5432:*:*:socket by path
            """)
        func password(_ url: String) throws -> String? { try settings(url, ["PGPASSFILE": file]).password }
        #expect(try password("postgres://feeds@db.example/feeds") == "p:ass\\word")
        #expect(try password("postgres://feeds@db.example:5433/feeds") == "other port")
        #expect(try password("postgres://other@db.example/feeds") == "any database")
        #expect(try password("postgres://feeds@nowhere.example/feeds") == nil)
        #expect(try password("postgres://feeds@localhost/feeds?host=/var/run/postgresql") == "local socket")
        #expect(try password("postgres://feeds@localhost/feeds?host=/srv/pg") == "socket by path")
        // ~/.pgpass when PGPASSFILE is not set.
        let home = URL(fileURLWithPath: file).deletingLastPathComponent()
        try FileManager.default.moveItem(atPath: file, toPath: home.appendingPathComponent(".pgpass").path)
        #expect(try settings("postgres://feeds@db.example/feeds", ["HOME": home.path]).password == "p:ass\\word")
    }

    @Test("A password file others may read is not read, with libpq's warning (which holds no password)")
    func passwordFileMode() throws {
        let file = try passwordFile("*:*:*:*:\(passwordMarker)\n", mode: 0o644)
        let read = try settings("postgres://feeds@db.example/feeds", ["PGPASSFILE": file])
        #expect(read.password == nil)
        #expect(
            read.warnings == [
                "password file \(file) has group or world access; permissions should be u=rw (0600) or less: not read"
            ])
    }

    @Test("--store-password-file: its first line, without the newline; a missing or empty file says so, by name")
    func givenFile() throws {
        #expect(try PostgresConnectionSettings.password(fromFile: passwordFile("s3cret\n")) == "s3cret")
        #expect(try PostgresConnectionSettings.password(fromFile: passwordFile("s3cret\r\nnext\n")) == "s3cret")
        #expect(try PostgresConnectionSettings.password(fromFile: passwordFile("s3 cret")) == "s3 cret")
        let empty = try passwordFile("\n\(passwordMarker)\n")
        #expect(throws: StoreError("\(empty): the password file's first line is empty")) {
            try PostgresConnectionSettings.password(fromFile: empty)
        }
        #expect(throws: StoreError("/nonexistent/password: cannot read the password file")) {
            try PostgresConnectionSettings.password(fromFile: "/nonexistent/password")
        }
    }

    @Test("Redacted: every password in a URL, parsable or not, in the user-info or a parameter")
    func redacted() {
        let cases = [
            "postgres://feeds:\(passwordMarker)@db.example/feeds": "postgres://feeds:…@db.example/feeds",
            "postgres://feeds:\(passwordMarker)@db example/feeds": "postgres://feeds:…@db example/feeds",
            "postgres://feeds:a@b/\(passwordMarker)@db.example/feeds": "postgres://feeds:…@db.example/feeds",
            "postgres://feeds@db.example/feeds?sslmode=require&PASSWORD=\(passwordMarker)&x=1":
                "postgres://feeds@db.example/feeds?sslmode=require&PASSWORD=…&x=1",
            "postgres://feeds@db.example/feeds": "postgres://feeds@db.example/feeds",
            "postgresql:/feeds:\(passwordMarker)@db.example/feeds": "…@db.example/feeds",
            "feeds:\(passwordMarker)@db.example/feeds": "…@db.example/feeds",
            "postgres://feeds@db.example/feeds?password=a#\(passwordMarker)":
                "postgres://feeds@db.example/feeds?password=…",
        ]
        for (url, expected) in cases { #expect(PostgresConnectionSettings.redacted(url) == expected) }
    }

    /// The message of the error opening a store on `url` throws, checked for the password and for one line.
    func expectRefusedWithoutPassword(
        _ url: String, password: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            let store = try await PostgresStore(url: url, password: password, connectTimeout: .seconds(60))
            await store.close()
            Issue.record("\(url) was opened", sourceLocation: sourceLocation)
        } catch {
            let message = (error as? StoreError)?.message ?? "\(error)"
            #expect(!message.contains(passwordMarker), "\(message)", sourceLocation: sourceLocation)
            #expect(!message.contains("\n") && !message.isEmpty, "\(message)", sourceLocation: sourceLocation)
        }
    }

    @Test("No error holds the password: URLs that do not parse or are refused, a server that is not there")
    func errorsWithoutServer() async {
        for url in [
            "postgres://feeds:\(passwordMarker)@db example/feeds",
            "postgres://feeds:\(passwordMarker)@[::1/feeds",
            "postgres://feeds:\(passwordMarker)@db.example/feeds?sslmode=bogus",
            "postgres://feeds:\(passwordMarker)@db.example/feeds?bogus=1",
            "postgres://feeds@db.example/feeds?password=\(passwordMarker)&port=x",
            "postgresql:/feeds:\(passwordMarker)@db.example/feeds",
            // Refused at once: nothing listens on port 1, nor in that directory.
            "postgres://feeds:\(passwordMarker)@127.0.0.1:1/feeds",
            "postgres://feeds:\(passwordMarker)@localhost/feeds?host=/nonexistent-\(UUID())",
        ] {
            await expectRefusedWithoutPassword(url)
        }
        await expectRefusedWithoutPassword("postgres://feeds@127.0.0.1:1/feeds", password: passwordMarker)
    }

    @Test(
        "No error holds the password: a wrong one, TLS refused or unverified, from the URL or given",
        .enabled(if: TestTLSServer.testsRun))
    func errorsFromServer() async throws {
        let server = try TestTLSServer.required()
        let withMarker = server.url.replacingOccurrences(
            of: "feedstream_tls@", with: "feedstream_tls:\(passwordMarker)@")
        for query in ["sslmode=require", "sslmode=disable", "sslmode=verify-full"] {
            await expectRefusedWithoutPassword("\(withMarker)?\(query)")
            await expectRefusedWithoutPassword("\(server.url)?\(query)", password: passwordMarker)
        }
        await expectRefusedWithoutPassword("\(server.url)?sslmode=require&password=\(passwordMarker)")
    }
}
