/// A coding key for any member name, so values of unknown shape (`JSONValue`, `XMLRecordValue`) can be encoded
/// and decoded with any coder.
@_spi(StreamPlumbing) public struct MemberCodingKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int?

    /// A key for the member named `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// A key for the element at `intValue`.
    public init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension MemberCodingKey {
    /// `super`, the member `superDecoder()` reads a superclass's value from, as `Codable` defines it. A name
    /// only, so that a coding path shows it as `.super`, not as an index.
    package static let superKey = MemberCodingKey(stringValue: "super")
}
