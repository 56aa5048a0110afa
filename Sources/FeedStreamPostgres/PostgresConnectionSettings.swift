import FeedStreamStore
import Foundation
import NIOSSL
import PostgresNIO

/// How to reach and log in to a database, read as libpq reads it: a `postgres://` URL, then the environment
/// (`PGSSLMODE`, `PGSSLROOTCERT`, `PGPASSWORD`) and the password file (`PGPASSFILE` or `~/.pgpass`).
///
/// The password is looked for in this order, the first that has one winning: the URL (`user:password@` or
/// `?password=`), the one given apart (`--store-password-file`; the URL and that together are refused, as two
/// answers to one question), `PGPASSWORD`, the password file's first line that matches. Nothing here ever puts the
/// password in ``name``, an error or a warning.
package struct PostgresConnectionSettings: Sendable {
    /// Where the server listens.
    package enum Endpoint: Sendable, Hashable {
        case tcp(host: String, port: Int)
        /// A Unix socket `.s.PGSQL.PORT` in `directory`.
        case socket(directory: String, port: Int)
    }

    /// libpq's `sslmode`. `allow` is taken as `prefer` (postgres-nio cannot try without TLS first, then with it).
    package enum SSLMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// Where the password came from.
    package enum PasswordSource: Sendable, Hashable {
        case url, given, environment
        case passwordFile(String)
    }

    package var endpoint: Endpoint
    package var user: String
    package var database: String
    package var password: String?
    package var passwordSource: PasswordSource?
    package var sslMode: SSLMode
    /// `sslrootcert`: a PEM file of the certificates to trust instead of the system's, or `nil` for the system's.
    package var rootCertificate: String?
    /// `search_path`: the schema the tables are in.
    package var schema: String?
    /// The URL without its password, for messages.
    package var name: String
    /// What an operator should hear of though the connection may still work (a password file others can read).
    package var warnings: [String] = []

    /// The query parameters a URL may have; any other is refused (libpq refuses them too), so that a misspelled
    /// `sslmode` is never silently a connection without TLS.
    package static let parameters: Set<String> = ["host", "port", "sslmode", "sslrootcert", "password", "search_path"]

    /// Reads `url`, with `password` the one given apart from it, `environment` for the `PG…` variables and `HOME`.
    /// - Throws: ``FeedStreamStore/StoreError``, one line starting with the URL without its password.
    package init(
        url: String, password given: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let name = Self.redacted(url)
        self.name = name
        guard let components = URLComponents(string: url) else { throw StoreError("\(name): not a valid URL") }
        guard components.scheme == "postgres" || components.scheme == "postgresql" else {
            throw StoreError("\(name): not a postgres:// URL")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard Self.parameters.contains(item.name) else {
                let known = Self.parameters.sorted().joined(separator: ", ")
                throw StoreError("\(name): unknown parameter \(item.name) (known: \(known))")
            }
            query[item.name] = item.value ?? ""
        }
        user = components.user ?? environment["USER"] ?? "postgres"
        database = String(components.path.drop { $0 == "/" })
        if database.isEmpty { database = user }
        let port: Int
        if let text = query["port"] {
            guard let value = Int(text), (1...65535).contains(value) else {
                throw StoreError("\(name): port takes a number from 1 to 65535")
            }
            port = value
        } else {
            port = components.port ?? 5432
        }
        if let directory = query["host"], directory.hasPrefix("/") {
            endpoint = .socket(directory: directory, port: port)
        } else if let host = query["host"].flatMap({ $0.isEmpty ? nil : $0 }) ?? components.host, !host.isEmpty {
            endpoint = .tcp(host: host, port: port)
        } else {
            throw StoreError("\(name): no host")
        }
        let modeText = query["sslmode"] ?? environment["PGSSLMODE"] ?? SSLMode.prefer.rawValue
        guard let mode = SSLMode(rawValue: modeText) else {
            throw StoreError(
                "\(name): sslmode takes \(SSLMode.allCases.map(\.rawValue).joined(separator: ", ")), not \(modeText)")
        }
        sslMode = mode
        rootCertificate = (query["sslrootcert"] ?? environment["PGSSLROOTCERT"]).flatMap { $0 == "system" ? nil : $0 }
        if let rootCertificate, !FileManager.default.isReadableFile(atPath: rootCertificate) {
            throw StoreError("\(name): sslrootcert \(rootCertificate) cannot be read")
        }
        schema = query["search_path"]
        if let schema {
            guard !schema.isEmpty, schema.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else { throw StoreError("\(name): search_path takes letters, digits and _") }
        }
        let inURL = components.password ?? query["password"]
        if inURL != nil && given != nil {
            throw StoreError("\(name): the URL has a password and another was given apart from it: give one")
        }
        if let inURL {
            (password, passwordSource) = (inURL, .url)
        } else if let given {
            (password, passwordSource) = (given, .given)
        } else if let variable = environment["PGPASSWORD"], !variable.isEmpty {
            (password, passwordSource) = (variable, .environment)
        } else if let file = PostgresPasswordFile(environment: environment) {
            let host: String
            switch endpoint {
            case .tcp(let name, _): host = name
            case .socket(let directory, _): host = directory
            }
            switch file.password(host: host, port: port, database: database, user: user) {
            case .found(let found): (password, passwordSource) = (found, .passwordFile(file.path))
            case .ignored(let reason): warnings.append(reason)
            case .notFound: break
            }
        }
    }

    /// Reads the password in `path`: its first line (a trailing newline is not part of it).
    /// - Throws: ``FeedStreamStore/StoreError`` naming the file (never its content) when it cannot be read or is empty.
    package static func password(fromFile path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoreError("\(path): cannot read the password file")
        }
        // Up to the first line break, "\r\n" (one Character) included.
        let line = String(String(decoding: data, as: UTF8.self).prefix { !$0.isNewline })
        guard !line.isEmpty else { throw StoreError("\(path): the password file's first line is empty") }
        return line
    }

    /// What TLS this connection asks for, and what it verifies, as libpq does: `prefer` and `require` encrypt without
    /// checking whom to (`require` with `sslrootcert` checks the chain, as libpq's does with a root file),
    /// `verify-ca` checks the certificate's chain against the trusted roots, `verify-full` its name as well. The
    /// roots are the system's unless `sslrootcert` names a file.
    package var tls: TLSConfiguration? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case .disable: return nil
        case .allow, .prefer: configuration.certificateVerification = .none
        case .require:
            configuration.certificateVerification = rootCertificate == nil ? .none : .noHostnameVerification
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        if let rootCertificate { configuration.trustRoots = .file(rootCertificate) }
        return configuration
    }

    /// Whether the connection fails without TLS (`disable`, `allow` and `prefer` go on without it).
    private var requiresTLS: Bool { [.require, .verifyCA, .verifyFull].contains(sslMode) }

    /// The path of the Unix socket of the server on `port` whose sockets are in `directory`.
    private static func socket(_ directory: String, _ port: Int) -> String { "\(directory)/.s.PGSQL.\(port)" }

    /// The configuration of the pool of connections. Over a Unix socket TLS is never used (as in libpq).
    package func clientConfiguration(connectTimeout: Duration) -> PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        switch endpoint {
        case .socket(let directory, let port):
            configuration = .init(
                unixSocketPath: Self.socket(directory, port), username: user, password: password, database: database)
        case .tcp(let host, let port):
            let mode: PostgresClient.Configuration.TLS =
                tls.map { requiresTLS ? .require($0) : .prefer($0) } ?? .disable
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database, tls: mode)
        }
        configuration.options.connectTimeout = connectTimeout
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        return configuration
    }

    /// The configuration of one connection outside the pool: the first, whose failure is reported as it is (the
    /// pool would only retry it until its timeout).
    package func connectionConfiguration(connectTimeout: Duration) throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch endpoint {
        case .socket(let directory, let port):
            configuration = .init(
                unixSocketPath: Self.socket(directory, port), username: user, password: password, database: database)
        case .tcp(let host, let port):
            let mode: PostgresConnection.Configuration.TLS =
                try tls.map { try NIOSSLContext(configuration: $0) }.map { requiresTLS ? .require($0) : .prefer($0) }
                ?? .disable
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database, tls: mode)
        }
        configuration.options.connectTimeout = .nanoseconds(Int64(connectTimeout.timeInterval * 1e9))
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        return configuration
    }

    /// `text` with every password in it hidden: the user-info's after its first `:` up to the last `@` (a URL that
    /// does not parse may have any character in its password, `@` and `/` too), and `password=` parameters' values.
    /// Done on the text, not on a parsed URL, so that a URL that does not parse is hidden the same; text that does
    /// not even start with `scheme://` keeps nothing before its last `@`.
    package static func redacted(_ text: String) -> String {
        var result = text
        if let at = result.range(of: "@", options: .backwards) {
            if let scheme = result.range(of: "://"), scheme.upperBound <= at.lowerBound,
                result[..<scheme.lowerBound].allSatisfy({
                    $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0))
                })
            {
                if let colon = result[scheme.upperBound..<at.lowerBound].firstIndex(of: ":") {
                    result.replaceSubrange(result.index(after: colon)..<at.lowerBound, with: "…")
                }
            } else {
                result.replaceSubrange(..<at.lowerBound, with: "…")
            }
        }
        return result.replacing(/(?i)([?&]password=)[^&]*/) { "\($0.output.1)…" }
    }
}

extension PostgresConnectionSettings {
    /// Connects once outside the pool and logs in, then disconnects: what refuses the first connection (the
    /// password, TLS, pg_hba.conf) is reported as the server or the TLS stack says it, where the pool would only
    /// retry until its timeout.
    package func logIn(connectTimeout: Duration, logger: Logger) async throws {
        let connection = try await PostgresConnection.connect(
            configuration: try connectionConfiguration(connectTimeout: connectTimeout), id: 0, logger: logger)
        try? await connection.close()
    }

    /// A refusal of the first connection in words an operator acts on, where postgres-nio gives only a code (the
    /// server's own refusals, such as a wrong password, come with its message and need none), or `nil`.
    package static func explanation(_ error: PSQLError) -> String? {
        switch error.code {
        case .authMechanismRequiresPassword:
            return "the server asks for a password and none was given (in the URL, apart from it, in PGPASSWORD or "
                + "the password file)"
        case .sslUnsupported: return "the server does not offer TLS, which this sslmode requires"
        case .clientClosedConnection, .serverClosedConnection, .uncleanShutdown:
            return "the connection to the server was lost and did not come back in time"
        default: break
        }
        if let tls = error.underlying as? NIOSSLExtraError, tls == .failedToValidateHostname {
            return "TLS: the server's certificate is not for this host (verify-full checks the name, verify-ca not)"
        }
        if case .handshakeFailed(.sslError(let stack))? = error.underlying as? NIOSSLError {
            return "TLS handshake failed: \(stack.map { "\($0)" }.joined(separator: "; "))"
        }
        return nil
    }
}
