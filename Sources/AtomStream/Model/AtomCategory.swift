/// A `category` element.
public struct AtomCategory: Sendable, Hashable, Codable {
    /// The category itself.
    public var term: String
    /// The categorization scheme, e.g. `http://www.ibm.com/xmlns/prod/sn/type`.
    public var scheme: String?
    /// A human-readable label.
    public var label: String?

    /// Creates a category.
    public init(term: String, scheme: String? = nil, label: String? = nil) {
        self.term = term
        self.scheme = scheme
        self.label = label
    }
}
