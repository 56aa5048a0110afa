import XMLStream
import Foundation
import StreamTestSupport
import Testing

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
