import XMLStream
import Foundation
import StreamTestSupport
import Testing

/// A base class decoded from the child element `super`, as `Codable` lays out a class hierarchy.
private class Animal: Decodable, @unchecked Sendable {
    let name: String

    init(name: String) { self.name = name }
}

/// Its subclass: its `CodingKeys` has no `super` case.
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

@Suite("XML record decoder: superDecoder() reads the child element \"super\"")
struct XMLRecordSuperDecoderTests {
    @Test("A subclass whose CodingKeys has no super case decodes its superclass from <super>")
    func classHierarchy() throws {
        let document = """
            <dogs><dog><breed>collie</breed><super><name>Lassie</name></super></dog>\
            <dog><super name="Rex"/><breed>shepherd</breed></dog></dogs>
            """
        let (outcome, _) = try decodeRecordsEveryWay(Array(document.utf8), as: Dog.self, path: "dogs/dog")
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.name) == ["Lassie", "Rex"])
        #expect(outcome.items.map(\.breed) == ["collie", "shepherd"])
    }

    @Test("The superclass's fields are not read from the subclass's element")
    func superIsNotSelf() throws {
        let document = "<dogs><dog><breed>collie</breed><name>Lassie</name></dog></dogs>"
        let (outcome, _) = try decodeRecordsEveryWay(Array(document.utf8), as: Dog.self, path: "dogs/dog")
        #expect(outcome.items.isEmpty)
        let error = try #require(outcome.error)
        #expect(error.kind == .typeMismatch)
        #expect(error.message.contains("super"))
    }

    @Test("superDecoder(forKey:) reads the child named by the key")
    func superDecoderForKey() throws {
        let document = "<k><kennel><base><owner>Ann</owner></base></kennel></k>"
        let (outcome, _) = try decodeRecordsEveryWay(Array(document.utf8), as: Kennel.self, path: "k/kennel")
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.owner) == ["Ann"])
    }
}
