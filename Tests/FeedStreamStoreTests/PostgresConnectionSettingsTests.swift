import FeedStreamPostgres
import FeedStreamStore
import Foundation
import NIOSSL
import Testing

/// How a URL and the environment are read, with no server: what each `sslmode` asks of TLS, what is refused.
@Suite("PostgresConnectionSettings")
struct PostgresConnectionSettingsTests {
    func settings(_ url: String, _ environment: [String: String] = [:]) throws -> PostgresConnectionSettings {
        try PostgresConnectionSettings(url: url, environment: environment)
    }

    func refusal(_ url: String, _ environment: [String: String] = [:]) -> String? {
        do {
            _ = try settings(url, environment)
            return nil
        } catch {
            return (error as? StoreError)?.message ?? "\(error)"
        }
    }

    @Test("Each sslmode: TLS or not, and what it verifies, as libpq's")
    func modes() throws {
        let base = "postgres://u@db.example/feeds"
        #expect(try settings(base).sslMode == .prefer)
        #expect(try settings(base).tls?.certificateVerification == CertificateVerification.none)
        #expect(try settings("\(base)?sslmode=disable").tls == nil)
        #expect(try settings("\(base)?sslmode=require").tls?.certificateVerification == CertificateVerification.none)
        #expect(try settings("\(base)?sslmode=verify-ca").tls?.certificateVerification == .noHostnameVerification)
        #expect(try settings("\(base)?sslmode=verify-full").tls?.certificateVerification == .fullVerification)
        #expect(try settings("\(base)?sslmode=allow").sslMode == .allow)
        // PGSSLMODE when the URL says nothing; the URL wins over it.
        #expect(try settings(base, ["PGSSLMODE": "verify-full"]).sslMode == .verifyFull)
        #expect(try settings("\(base)?sslmode=disable", ["PGSSLMODE": "verify-full"]).sslMode == .disable)
    }

    @Test("sslrootcert: a file's roots instead of the system's; with require, the chain is checked (libpq)")
    func rootCertificate() throws {
        let file = try temporaryDirectory().appendingPathComponent("root.crt")
        try Data(PostgresTLSTests.otherCertificate.utf8).write(to: file)
        let base = "postgres://u@db.example/feeds"
        let full = try settings("\(base)?sslmode=verify-full&sslrootcert=\(file.path)")
        #expect(full.rootCertificate == file.path)
        #expect(full.tls?.trustRoots == .file(file.path))
        #expect(try settings("\(base)?sslmode=verify-full").tls?.trustRoots == .default)
        #expect(try settings("\(base)?sslmode=verify-full&sslrootcert=system").tls?.trustRoots == .default)
        let require = try settings("\(base)?sslmode=require", ["PGSSLROOTCERT": file.path])
        #expect(require.tls?.certificateVerification == .noHostnameVerification)
        let missing = refusal("\(base)?sslmode=verify-full&sslrootcert=/nonexistent/root.crt")
        #expect(
            missing == "postgres://u@db.example/feeds?sslmode=verify-full&sslrootcert=/nonexistent/root.crt: "
                + "sslrootcert /nonexistent/root.crt cannot be read")
    }

    @Test("A misspelled sslmode or parameter is refused, never a connection without TLS")
    func refused() {
        #expect(
            refusal("postgres://u@db.example/feeds?sslmode=required")
                == "postgres://u@db.example/feeds?sslmode=required: sslmode takes disable, allow, prefer, require, "
                + "verify-ca, verify-full, not required")
        #expect(
            refusal("postgres://u@db.example/feeds?ssl_mode=require")
                == "postgres://u@db.example/feeds?ssl_mode=require: unknown parameter ssl_mode (known: host, "
                + "password, port, search_path, sslmode, sslrootcert)")
        #expect(refusal("mysql://u@db.example/feeds") == "mysql://u@db.example/feeds: not a postgres:// URL")
        #expect(refusal("postgres:///feeds") == "postgres:///feeds: no host")
    }

    @Test("Endpoints: host and port, a socket's directory; over a socket no TLS is asked for (as in libpq)")
    func endpoints() throws {
        #expect(try settings("postgres://u@db.example:6543/feeds").endpoint == .tcp(host: "db.example", port: 6543))
        #expect(
            try settings("postgres://u@db.example/feeds?port=6000").endpoint == .tcp(host: "db.example", port: 6000))
        let socket = try settings("postgres://u@localhost:5433/feeds?host=/run/pg&sslmode=require")
        #expect(socket.endpoint == .socket(directory: "/run/pg", port: 5433))
        #expect(socket.database == "feeds" && socket.user == "u")
        #expect(try settings("postgres://u@db.example").database == "u")
    }
}
