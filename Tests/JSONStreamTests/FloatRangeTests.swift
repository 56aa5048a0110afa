import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

@Suite("Tape decoder: a Float out of range is an error, never infinity")
struct FloatRangeTests {
    @Test("Finite values round to the nearest Float; the largest and the smallest subnormal are kept", arguments: [
        ("1.5", Float(1.5)), ("0.1", Float(0.1)), ("-3.4028234663852886e38", -Float.greatestFiniteMagnitude),
        ("3.4028235e38", Float.greatestFiniteMagnitude), ("1.4e-45", Float.leastNonzeroMagnitude), ("0", 0),
        ("16777217", 16_777_216),
    ])
    func finite(text: String, expected: Float) throws {
        let outcome = try decodeItemsEveryWay(#"[{"value":\#(text)}]"#, as: FloatReading.self, path: "$[*]")
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.value) == [expected])
    }

    @Test("1e39 in a keyed member is an error at its path, after the records before it", arguments: [
        "1e39", "-1e39", "3.5e38", "1e-50",
    ])
    func outOfRange(text: String) throws {
        let outcome = try decodeItemsEveryWay(#"[{"value":2},{"value":\#(text)}]"#, as: FloatReading.self, path: "$[*]")
        #expect(outcome.items.map(\.value) == [2])
        let error = try #require(outcome.error)
        #expect(error.kind == .typeMismatch)
        #expect(error.message == "the number \(text) is out of the range of Float")
        #expect(error.path == "$[1].value")
    }

    @Test("An optional, an array element and a top-level Float out of range are errors too")
    func everyContainer() throws {
        let optional = try decodeItemsEveryWay(#"[{"value":1,"spare":1e39}]"#, as: FloatReading.self, path: "$[*]")
        #expect(optional.items.isEmpty)
        #expect(optional.error?.path == "$[0].spare")
        let element = try decodeItemsEveryWay(#"{"value":[1,2,1e39]}"#, as: FloatSeries.self, path: "$")
        #expect(element.items.isEmpty)
        #expect(element.error?.path == "value[2]")
        let single = try decodeItemsEveryWay(#"[1.5,1e39]"#, as: Float.self, path: "$[*]")
        #expect(single.items == [1.5])
        #expect(single.error?.kind == .typeMismatch)
        #expect(single.error?.path == "$[1]")
    }
}
