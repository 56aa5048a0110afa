import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

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
