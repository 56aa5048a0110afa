import JSONStream

extension JSONPath {
    /// A path written in a test, for parser factories that cannot throw.
    public static func literal(_ text: String) -> JSONPath {
        do {
            return try JSONPath(text)
        } catch {
            preconditionFailure("a test's path is invalid: \(error)")
        }
    }
}
