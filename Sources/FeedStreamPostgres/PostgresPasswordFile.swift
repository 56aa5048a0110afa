import Foundation

/// libpq's password file (`PGPASSFILE`, else `~/.pgpass`): lines `hostname:port:database:username:password`, the
/// first that matches giving the password.
///
/// As in libpq: each of the first four fields is a value or `*` (any); `\` escapes the next character (`\:`, `\\`);
/// a line starting with `#` is a comment; `localhost` also matches a Unix socket in the default directory (libpq's
/// `/var/run/postgresql` on Debian, `/tmp` as built from source), and any other socket matches by its directory's
/// path. A file that is not a regular file, or that its group or others may read or write, is not read: libpq warns
/// and ignores it, and so does this, with the warning for the operator.
package struct PostgresPasswordFile: Sendable {
    package enum Lookup: Sendable, Hashable {
        case found(String)
        case notFound
        /// The file is there but was not read: why, for a warning (never the file's content).
        case ignored(String)
    }

    package let path: String

    /// The password file the environment names, if it has one and it exists.
    package init?(environment: [String: String]) {
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let path = environment["PGPASSFILE"] ?? "\(home)/.pgpass"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        self.path = path
    }

    /// The password of the first line matching the connection.
    package func password(host: String, port: Int, database: String, user: String) -> Lookup {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .ignored("password file \(path) is not a plain file: not read")
        }
        guard status.st_mode & (S_IRWXG | S_IRWXO) == 0 else {
            return .ignored(
                "password file \(path) has group or world access; permissions should be u=rw (0600) or less: not read")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .ignored("password file \(path) cannot be read")
        }
        let hostKey = Self.defaultSocketDirectories.contains(host) ? "localhost" : host
        let wanted = [hostKey, String(port), database, user]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            guard !line.hasPrefix("#"), let fields = Self.fields(line) else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return .found(fields[4]) }
        }
        return .notFound
    }

    static let defaultSocketDirectories: Set<String> = ["/var/run/postgresql", "/run/postgresql", "/tmp"]

    /// The first five fields of a line, unescaped, or `nil` when it has fewer (the password too ends at a `:`, as
    /// libpq reads it).
    static func fields(_ line: Substring) -> [String]? {
        var fields: [String] = []
        var field = ""
        var escaped = false
        for character in line {
            if escaped {
                field.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields.count >= 5 ? Array(fields.prefix(5)) : nil
    }
}
