import FeedStreamPostgres
import FeedStreamStore
import Foundation
import Testing

/// The TLS-only server `scripts/with-postgres.sh` starts beside the trusting socket: a `hostssl`-only pg_hba.conf,
/// a role with a password, and the self-signed certificate for `localhost` that server presents.
struct TestTLSServer {
    var url: String
    var password: String
    var rootCertificate: String

    static let environment = ProcessInfo.processInfo.environment
    static let current: TestTLSServer? = environment["FEEDSTREAM_TEST_POSTGRES_TLS_URL"].flatMap { url in
        guard let password = environment["FEEDSTREAM_TEST_POSTGRES_TLS_PASSWORD"],
            let rootCertificate = environment["FEEDSTREAM_TEST_POSTGRES_TLS_ROOT_CERT"]
        else { return nil }
        return TestTLSServer(url: url, password: password, rootCertificate: rootCertificate)
    }
    /// Run when the server is there; in CI, run (and fail without one).
    static let testsRun = current != nil || environment["CI"] != nil

    static func required() throws -> TestTLSServer {
        try #require(current, "FEEDSTREAM_TEST_POSTGRES_TLS_URL is not set (CI is)")
    }

    /// The server's URL with `query` and a schema of the test's own, its host replaced by `host` when given.
    func url(_ query: String, host: String? = nil) -> String {
        var text = url
        if let host { text = text.replacingOccurrences(of: "@localhost:", with: "@\(host):") }
        return "\(text)?\(query)\(query.isEmpty ? "" : "&")search_path=\(freshPostgresSchema())"
    }

    /// A store on `url` with this server's password (its tables made), patient as the other tests' are.
    func store(_ url: String) async throws -> PostgresStore {
        try await PostgresStore(url: url, password: password, connectTimeout: .seconds(300), schema: .migrate)
    }
}

@Suite("PostgresStore: TLS", .enabled(if: TestTLSServer.testsRun))
struct PostgresTLSTests {
    /// A store that works: it adds and claims.
    func expectWorking(_ store: PostgresStore) async throws {
        try await store.add(subscriptions(2, host: "tls.example"))
        let claimed = try await store.claim(dueBy: Date(), limit: 10, worker: "w", lease: .seconds(60))
        #expect(claimed.count == 2)
        await store.close()
    }

    func expectRefused(_ url: String, password: String, saying reason: String) async throws {
        await #expect {
            try await PostgresStore(url: url, password: password, connectTimeout: .seconds(300))
        } throws: { error in
            let message = (error as? StoreError)?.message ?? "\(error)"
            let expected =
                message.hasPrefix(PostgresConnectionSettings.redacted(url)) && message.contains(reason)
                && !message.contains("\n")
            if !expected { Issue.record("\(url): \(message)") }
            return expected
        }
    }

    @Test("sslmode=require connects to a server that takes only TLS")
    func require() async throws {
        let server = try TestTLSServer.required()
        try await expectWorking(try await server.store(server.url("sslmode=require")))
    }

    @Test("With no sslmode, TLS is preferred: the TLS-only server is reached")
    func preferredByDefault() async throws {
        let server = try TestTLSServer.required()
        try await expectWorking(try await server.store(server.url("")))
    }

    @Test("sslmode=disable is refused by that server, in one line that says why")
    func disableRefused() async throws {
        let server = try TestTLSServer.required()
        try await expectRefused(server.url("sslmode=disable"), password: server.password, saying: "no encryption")
    }

    @Test("verify-full connects with the certificate's root and name; the system's roots or another name do not")
    func verifyFull() async throws {
        let server = try TestTLSServer.required()
        let root = "sslrootcert=\(server.rootCertificate)"
        try await expectWorking(try await server.store(server.url("sslmode=verify-full&\(root)")))
        // A self-signed certificate is in no system's roots.
        try await expectRefused(
            server.url("sslmode=verify-full"), password: server.password, saying: "CERTIFICATE_VERIFY_FAILED")
        // The certificate names localhost, not 127.0.0.1: verify-full checks the name, verify-ca does not.
        try await expectRefused(
            server.url("sslmode=verify-full&\(root)", host: "127.0.0.1"), password: server.password,
            saying: "the server's certificate is not for this host")
        try await expectWorking(try await server.store(server.url("sslmode=verify-ca&\(root)", host: "127.0.0.1")))
    }

    @Test("require does not verify the server, as in libpq; with sslrootcert it checks the chain")
    func requireVerifiesOnlyWithARoot() async throws {
        let server = try TestTLSServer.required()
        try await expectWorking(try await server.store(server.url("sslmode=require", host: "127.0.0.1")))
        let other = try temporaryDirectory().appendingPathComponent("other.crt")
        try Data(Self.otherCertificate.utf8).write(to: other)
        try await expectRefused(
            server.url("sslmode=require&sslrootcert=\(other.path)"), password: server.password,
            saying: "CERTIFICATE_VERIFY_FAILED")
    }

    /// A self-signed certificate that did not sign the server's (made once: `openssl req -x509 -newkey ec -pkeyopt
    /// ec_paramgen_curve:prime256v1 -nodes -days 3650 -subj /CN=other`; its key thrown away).
    static let otherCertificate = """
        -----BEGIN CERTIFICATE-----
        MIIBdTCCARugAwIBAgIUU0X5vFYOZh0v9JHZCxlM3o+GPgswCgYIKoZIzj0EAwIw
        EDEOMAwGA1UEAwwFb3RoZXIwHhcNMjYxMjAyMDUxNzE2WhcNMzYxMTI5MDUxNzE2
        WjAQMQ4wDAYDVQQDDAVvdGhlcjBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABJY8
        ZD/cRy1biJsuU6YGyQ4LoK1+ORwPzbq1BDY87vOOp3o4qROOM6hnxmkgwdd5leR7
        LXOtZcDce/nU9JsyGL+jUzBRMB0GA1UdDgQWBBSbXZGDzes2i351Q6w4QFle4+O5
        BzAfBgNVHSMEGDAWgBSbXZGDzes2i351Q6w4QFle4+O5BzAPBgNVHRMBAf8EBTAD
        AQH/MAoGCCqGSM49BAMCA0gAMEUCIQC4VYCdjm+3hM5QOdO3/MxFoc3py2YEEI36
        Niz22fo50gIgPp3fvqWQ8MnhehcYt56jYnqOCLVQi3+91EXSKCOe+Lg=
        -----END CERTIFICATE-----
        """
}
