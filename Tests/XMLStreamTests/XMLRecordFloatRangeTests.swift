import XMLStream
import Foundation
import StreamTestSupport
import Testing

@Suite("XML record decoder: a Float or Double out of range is an error, never infinity")
struct XMLRecordFloatRangeTests {
    @Test("Finite values round to the nearest Float; INF and NaN are read as written", arguments: [
        ("1.5", Float(1.5)), ("0.1", Float(0.1)), ("3.4028235e38", Float.greatestFiniteMagnitude),
        ("1.4e-45", Float.leastNonzeroMagnitude), (" 16777217 ", 16_777_216), ("-INF", -Float.infinity),
    ])
    func finite(text: String, expected: Float) throws {
        let (outcome, _) = try decodeRecordsEveryWay(
            Array("<r><x><value>\(text)</value></x></r>".utf8), as: FloatReading.self, path: "r/x")
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.value) == [expected])
    }

    @Test("1e39 is an error at its path, after the records before it", arguments: ["1e39", "-1e39", "1e-50"])
    func outOfRange(text: String) throws {
        let document = "<r><x><value>2</value></x><x><value>\(text)</value></x></r>"
        let (outcome, _) = try decodeRecordsEveryWay(Array(document.utf8), as: FloatReading.self, path: "r/x")
        #expect(outcome.items.map(\.value) == [2])
        let error = try #require(outcome.error)
        #expect(error.kind == .typeMismatch)
        #expect(error.message == "expected a number in the range of Float, found \"\(text)\"")
        #expect(error.path?.hasSuffix("/value") == true)
    }

    @Test("An optional and a repeated element out of range are errors too")
    func everyContainer() throws {
        let (optional, _) = try decodeRecordsEveryWay(
            Array("<r><x><value>1</value><spare>1e39</spare></x></r>".utf8), as: FloatReading.self, path: "r/x")
        #expect(optional.items.isEmpty)
        #expect(optional.error?.kind == .typeMismatch)
        let (repeated, _) = try decodeRecordsEveryWay(
            Array("<r><x><value>1</value><value>1e39</value></x></r>".utf8), as: FloatSeries.self, path: "r/x")
        #expect(repeated.items.isEmpty)
        #expect(repeated.error?.kind == .typeMismatch)
    }

    @Test("A Double whose text overflows is an error; INF is infinity as XML Schema writes it")
    func doubleOverflow() throws {
        struct Wide: Decodable, Sendable, Equatable { var value: Double }
        let (outcome, _) = try decodeRecordsEveryWay(
            Array("<r><x><value>INF</value></x><x><value>1e400</value></x></r>".utf8), as: Wide.self, path: "r/x")
        #expect(outcome.items == [Wide(value: .infinity)])
        #expect(outcome.error?.message == "expected a number in the range of Double, found \"1e400\"")
    }
}
