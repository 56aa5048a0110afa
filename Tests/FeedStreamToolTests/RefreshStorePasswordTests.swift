import Foundation
import StreamTestSupport
import Testing

/// `feedstream refresh --store postgres://…` as an operator runs it: the password in the URL, in
/// `--store-password-file`, in PGPASSWORD or a password file, and never on standard output or standard error,
/// whatever fails.
@Suite("feedstream refresh --store postgres: passwords")
struct RefreshStorePasswordTests {
    let tool = FeedStreamToolTests()
    let refresh = RefreshCommandTests()
    static let marker = "Marker-5d21e8-Secret"

    static let environment = ProcessInfo.processInfo.environment
    /// The TLS-only server of scripts/with-postgres.sh, and its role's password.
    static let server = environment["FEEDSTREAM_TEST_POSTGRES_TLS_URL"].flatMap { url in
        environment["FEEDSTREAM_TEST_POSTGRES_TLS_PASSWORD"].map { (url: url, password: $0) }
    }
    /// Run when that server is there; in CI, run (and fail without one).
    static let serverTestsRun = server != nil || environment["CI"] != nil

    func passwordFile(_ password: String, mode: Int = 0o600) throws -> String {
        let file = try refresh.directory().appendingPathComponent("password").path
        try Data("\(password)\n".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
        return file
    }

    /// `command` (`refresh`) with `arguments`: it ends with `status`, one error line saying `reason` (exit 1), and
    /// no password anywhere.
    func expectRefused(
        _ arguments: [String], status: Int32 = 1, saying reason: String, environment: [String: String]? = nil,
        command: [String] = ["refresh"], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let run = try await tool.run(command + arguments, environment: environment)
        #expect(run.status == status, "\(arguments): \(run.error)", sourceLocation: sourceLocation)
        #expect(!run.output.contains(Self.marker) && !run.error.contains(Self.marker), sourceLocation: sourceLocation)
        #expect(run.error.contains(reason), "\(arguments): \(run.error)", sourceLocation: sourceLocation)
        if status == 1 {
            #expect(
                run.error.hasPrefix("feedstream: error: ") && run.error.split(separator: "\n").count == 1,
                "\(run.error)", sourceLocation: sourceLocation)
        }
    }

    @Test("A URL that does not parse or is refused, a server not there, a password file amiss: no password")
    func withoutServer() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let marked = "postgres://feeds:\(Self.marker)@"
        try await expectRefused(["--store", "\(marked)db example/feeds"], saying: "postgres://feeds:…@")
        try await expectRefused(["--store", "\(marked)db.example/feeds?sslmode=bogus"], saying: "sslmode takes")
        try await expectRefused(["--store", "\(marked)127.0.0.1:1/feeds"], saying: "postgres://feeds:…@127.0.0.1:1")
        let file = try passwordFile(Self.marker)
        try await expectRefused(
            ["--store", "postgres://feeds@127.0.0.1:1/feeds", "--store-password-file", file], saying: "127.0.0.1:1")
        try await expectRefused(
            ["--store", "\(marked)127.0.0.1:1/feeds", "--store-password-file", file], saying: "give one")
        try await expectRefused(
            ["--store", "postgres://feeds@127.0.0.1:1/feeds", "--store-password-file", "/nonexistent/password"],
            saying: "--store-password-file /nonexistent/password: cannot read the password file")
        try await expectRefused(
            ["--store", "sqlite:/tmp/x.db", "--store-password-file", file], status: 2,
            saying: "--store-password-file applies to a postgres:// --store")
    }

    @Test(
        "On the TLS-only server: a wrong password, TLS refused or unverified say so without it; the right one connects",
        .enabled(if: serverTestsRun))
    func withServer() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: FeedStreamToolTests.executable.path))
        let server = try #require(Self.server, "FEEDSTREAM_TEST_POSTGRES_TLS_URL is not set (CI is)")
        let schema = "pw\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
        let url = "\(server.url)?search_path=\(schema)"
        let marked = url.replacingOccurrences(of: "feedstream_tls@", with: "feedstream_tls:\(Self.marker)@")
        let wrong = try passwordFile(Self.marker)
        let right = try passwordFile(server.password)
        try await expectRefused(["--store", "\(marked)&sslmode=require"], saying: "password authentication failed")
        try await expectRefused(
            ["--store", "\(url)&sslmode=require", "--store-password-file", wrong], saying: "password authentication")
        try await expectRefused(["--store", "\(marked)&sslmode=disable"], saying: "no encryption")
        try await expectRefused(["--store", "\(marked)&sslmode=verify-full"], saying: "CERTIFICATE_VERIFY_FAILED")
        // A password file others may read: not read, as libpq warns; the login then fails for want of a password.
        var environment = Self.environment
        environment["PGPASSFILE"] = try passwordFile("*:*:*:*:\(server.password)", mode: 0o644)
        let open = try await tool.run(["refresh", "--store", url], environment: environment)
        #expect(open.status == 1 && open.error.contains("group or world access"), "\(open.error)")

        // `store migrate` takes the file too (and makes the tables the workers below need).
        let migrated = try await tool.run(["store", "migrate", "--store", url, "--store-password-file", right])
        #expect(migrated.status == 0, "\(migrated.error)")
        #expect(!migrated.output.contains(server.password) && !migrated.error.contains(server.password))
        try await expectRefused(
            ["migrate", "--store", url, "--store-password-file", wrong], saying: "password authentication",
            command: ["store"])
        let fromFile = try await tool.run([
            "refresh", "--store", "\(url)&sslmode=require", "--store-password-file", right,
        ])
        #expect(fromFile.status == 0, "\(fromFile.error)")
        environment["PGPASSFILE"] = nil
        environment["PGPASSWORD"] = server.password
        let fromEnvironment = try await tool.run(["refresh", "--store", url], environment: environment)
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.error)")
        environment["PGPASSWORD"] = nil
        environment["PGPASSFILE"] = try passwordFile("localhost:*:feedstream_tls:feedstream_tls:\(server.password)")
        let fromPasswordFile = try await tool.run(["refresh", "--store", url], environment: environment)
        #expect(fromPasswordFile.status == 0, "\(fromPasswordFile.error)")
    }
}
