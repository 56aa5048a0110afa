/// An array element's position in a coding path, small enough to sit in an existential without a box; the decoders
/// of `JSONItemParser` and `XMLItemParser` make one per element, so its members are inlinable.
@_spi(StreamPlumbing) public struct IndexCodingKey: CodingKey, Sendable {
    /// The element's position.
    public let index: Int
    @inlinable public var stringValue: String { String(index) }
    @inlinable public var intValue: Int? { index }

    /// The key of the element at `index`.
    @inlinable public init(_ index: Int) { self.index = index }
    @inlinable public init?(stringValue: String) { nil }
    @inlinable public init?(intValue: Int) { index = intValue }
}
