import Testing

@testable import XMLStream

/// `XMLRecordBuffer` owns memory it frees itself. It is `~Copyable`, so the copy that freed that memory twice no
/// longer compiles (nothing a test can run); what a test can check is that it keeps its elements across growth
/// and that an index outside it stops the program (`precondition`) instead of reading memory it does not own.
@Suite("XMLRecordBuffer: growth and bounds")
struct XMLRecordBufferTests {
    @Test("Elements and bytes survive growth past the first capacity")
    func growth() {
        var numbers = XMLRecordBuffer<Int32>(capacity: 1)
        for value in 0..<1000 { numbers.append(Int32(value)) }
        let (count, first, last) = (numbers.count, numbers[0], numbers.last)
        #expect(count == 1000 && first == 0 && last == 999)
        numbers[10] = -1
        let changed = numbers[10]
        #expect(changed == -1)
        numbers.removeLast()
        let (shorter, newLast) = (numbers.count, numbers.last)
        #expect(shorter == 999 && newLast == 998)
        numbers.removeAll()
        let isEmpty = numbers.isEmpty
        #expect(isEmpty)

        var text = XMLRecordBuffer<UInt8>(capacity: 2)
        let words = Array("hello, world".utf8)
        words.withUnsafeBytes { text.append($0) }
        words.withUnsafeBytes { text.append($0) }
        let world = Array(text.bytes(7..<12))
        let byteCount = text.count
        #expect(world == Array("world".utf8))
        #expect(byteCount == 2 * words.count)
    }

    @Test("An index past the end stops the program")
    func indexPastEnd() async {
        await #expect(processExitsWith: .failure) {
            var buffer = XMLRecordBuffer<Int32>(capacity: 4)
            buffer.append(1)
            _ = buffer[1]
        }
    }

    @Test("A negative index stops the program")
    func negativeIndex() async {
        await #expect(processExitsWith: .failure) {
            var buffer = XMLRecordBuffer<Int32>(capacity: 4)
            buffer.append(1)
            buffer[-1] = 2
        }
    }

    @Test("A byte range past the end stops the program")
    func rangePastEnd() async {
        await #expect(processExitsWith: .failure) {
            var buffer = XMLRecordBuffer<UInt8>(capacity: 4)
            [UInt8]([1, 2, 3]).withUnsafeBytes { buffer.append($0) }
            _ = buffer.bytes(1..<4)
        }
    }

    @Test("Removing from an empty buffer stops the program")
    func removeFromEmpty() async {
        await #expect(processExitsWith: .failure) {
            var buffer = XMLRecordBuffer<Int32>(capacity: 4)
            buffer.removeLast()
        }
    }
}
