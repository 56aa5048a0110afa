import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

/// A base class decoded from the value under `super`, as `Codable` lays out a class hierarchy.
private class Animal: Decodable, @unchecked Sendable {
    let name: String

    init(name: String) { self.name = name }
}

/// Its subclass: its `CodingKeys` has no `super` case, so `superDecoder()` must not ask `Key` for one.
private final class Dog: Animal, Equatable, @unchecked Sendable {
    let breed: String

    private enum CodingKeys: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }

    static func == (lhs: Dog, rhs: Dog) -> Bool { lhs.name == rhs.name && lhs.breed == rhs.breed }
}

/// Asks for a superclass's decoder by a key of its own.
private struct Kennel: Decodable, Sendable, Equatable {
    var owner: String

    private enum CodingKeys: String, CodingKey { case base }
    private enum BaseKeys: String, CodingKey { case owner }

    init(from decoder: any Decoder) throws {
        let base = try decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .base)
        owner = try base.container(keyedBy: BaseKeys.self).decode(String.self, forKey: .owner)
    }
}

@Suite("Tape decoder: superDecoder() reads the member \"super\"")
struct SuperDecoderTests {
    @Test("A subclass whose CodingKeys has no super case decodes its superclass from \"super\"")
    func classHierarchy() throws {
        let outcome = try decodeItemsEveryWay(
            #"{"dogs":[{"breed":"collie","super":{"name":"Lassie"}},{"super":{"name":"Rex"},"breed":"shepherd"}]}"#,
            as: Dog.self, path: "dogs[*]")
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.name) == ["Lassie", "Rex"])
        #expect(outcome.items.map(\.breed) == ["collie", "shepherd"])
    }

    @Test("A missing \"super\" member is a type mismatch at its path, after the records before it")
    func missingSuper() throws {
        let outcome = try decodeItemsEveryWay(
            #"{"dogs":[{"breed":"collie","super":{"name":"Lassie"}},{"breed":"stray"}]}"#, as: Dog.self,
            path: "dogs[*]")
        #expect(outcome.items.map(\.name) == ["Lassie"])
        let error = try #require(outcome.error)
        #expect(error.kind == .typeMismatch)
        #expect(error.message.contains("super"))
        #expect(error.path == "dogs[1].super")
    }

    @Test("superDecoder(forKey:) reads the member named by the key")
    func superDecoderForKey() throws {
        let outcome = try decodeItemsEveryWay(#"[{"base":{"owner":"Ann"}}]"#, as: Kennel.self, path: "$[*]")
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.owner) == ["Ann"])
    }
}
