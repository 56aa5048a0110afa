/// A text-only child of an entry outside the Atom namespace, e.g. `snx:rank` or `snx:communityUuid`.
public struct AtomExtensionElement: Sendable, Hashable, Codable {
    /// The element's namespace URI (empty when it has none).
    public var namespace: String
    /// The element's local name.
    public var name: String
    /// The element's text.
    public var value: String

    /// Creates an extension element.
    public init(namespace: String, name: String, value: String) {
        self.namespace = namespace
        self.name = name
        self.value = value
    }
}
