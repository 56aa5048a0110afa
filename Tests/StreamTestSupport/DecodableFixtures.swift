// Models that both record decoders (the JSON tape decoder and the XML record decoder) are tested with, so that
// the two suites prove the same `Decoder` behaviour on the same types.

/// A base class decoded from the value under `super`, as `Codable` lays out a class hierarchy.
public class Animal: Decodable, @unchecked Sendable {
    public let name: String

    public init(name: String) { self.name = name }
}

/// Its subclass: its `CodingKeys` has no `super` case, so `superDecoder()` must not ask `Key` for one.
public final class Dog: Animal, Equatable, @unchecked Sendable {
    public let breed: String

    private enum CodingKeys: String, CodingKey { case breed }

    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }

    public static func == (lhs: Dog, rhs: Dog) -> Bool { lhs.name == rhs.name && lhs.breed == rhs.breed }
}

/// Asks for a superclass's decoder by a key of its own (`base`).
public struct Kennel: Decodable, Sendable, Equatable {
    public var owner: String

    private enum CodingKeys: String, CodingKey { case base }
    private enum BaseKeys: String, CodingKey { case owner }

    public init(from decoder: any Decoder) throws {
        let base = try decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .base)
        owner = try base.container(keyedBy: BaseKeys.self).decode(String.self, forKey: .owner)
    }
}

/// Reads `Float` through a keyed container, required and optional.
public struct FloatReading: Decodable, Sendable, Equatable {
    public var value: Float
    public var spare: Float?
}

/// Reads `Float` through the unkeyed and single-value containers: a JSON array, or a repeated XML element.
public struct FloatSeries: Decodable, Sendable, Equatable {
    public var value: [Float]
}
