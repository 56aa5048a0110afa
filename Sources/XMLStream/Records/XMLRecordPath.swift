/// A selection path for ``XMLItemParser``: element names from the root, slash-separated (`results/person`),
/// optionally starting with `/`. Names match by local name, so a prefix written in the path is ignored.
public struct XMLRecordPath: Sendable, Hashable, CustomStringConvertible {
    /// The local names from the root element to the records.
    public let components: [String]
    /// The text the path was parsed from.
    public let description: String

    /// Parses a path; throws a ``StreamError`` of kind `misuse` for an empty name or one that holds characters no
    /// XML name has.
    public init(_ text: String) throws(StreamError) {
        let trimmed = text.hasPrefix("/") ? String(text.dropFirst()) : text
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let forbidden = Set("[]()=@*'\"<>&! \t\r\n")
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.contains(where: forbidden.contains) }) else {
            throw StreamError(
                kind: .misuse, message: "invalid path \"\(text)\": expected element names separated by \"/\"")
        }
        components = parts.map { part in part.split(separator: ":").last.map(String.init) ?? part }
        description = text
    }
}
