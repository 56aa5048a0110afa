@_spi(StreamPlumbing) import StreamCore
import Testing

@Suite("ByteAccumulator")
struct ByteAccumulatorTests {
    @Test("Appends across growth, keeps capacity on removeAll, and slices as UTF-8")
    func appends() {
        var buffer = ByteAccumulator(capacity: 4)
        let chunk = Array("日本語 and more text".utf8)
        for _ in 0..<100 { chunk.withUnsafeBytes { buffer.append($0) } }
        buffer.append(UInt8(ascii: "!"))
        buffer.append("</end>")
        #expect(buffer.count == chunk.count * 100 + 7)
        #expect(buffer.string(0..<9) == "日本語")
        #expect(buffer[buffer.count - 1] == UInt8(ascii: ">"))
        buffer.removeLast()
        #expect(buffer.withUnsafeBytes { Array($0.suffix(5)) } == Array("</end".utf8))
        buffer.removeAll()
        #expect(buffer.isEmpty)
        buffer.append(UInt8(ascii: "x"))
        #expect(buffer.string(0..<1) == "x")
    }
}
