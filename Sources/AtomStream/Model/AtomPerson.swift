/// An author or contributor.
public struct AtomPerson: Sendable, Hashable, Codable {
    /// The person's name.
    public var name: String?
    /// The person's e-mail address.
    public var email: String?
    /// The person's home page, resolved against `xml:base`.
    public var uri: String?
    /// The IBM Connections user id (`snx:userid`), stable across name and e-mail changes.
    public var userID: String?

    /// Creates a person.
    public init(name: String? = nil, email: String? = nil, uri: String? = nil, userID: String? = nil) {
        self.name = name
        self.email = email
        self.uri = uri
        self.userID = userID
    }
}
