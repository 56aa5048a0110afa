import Foundation
import Testing

@testable import FeedStreamServices

/// The refresh's event channel holds at most its capacity: further producers wait until the consumer takes.
@Suite("RefreshEventChannel")
struct RefreshEventChannelTests {
    /// Counts sends that have returned.
    final class Completed: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test("A consumer that does not take makes the producers wait; taking lets each go on, in order of arrival")
    func backpressure() async {
        let channel = RefreshEventChannel<Int>(capacity: 2)
        let completed = Completed()
        let started = Completed()
        let producers = Task {
            await withTaskGroup(of: Void.self) { group in
                for value in 0..<10 {
                    group.addTask {
                        started.add()
                        await channel.send(value)
                        completed.add()
                    }
                }
            }
            channel.finish()
        }
        // Let every producer reach the channel; only two sends may have returned.
        for _ in 0..<2_000 where started.value < 10 { try? await Task.sleep(for: .milliseconds(5)) }
        for _ in 0..<20 { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(started.value == 10)
        #expect(completed.value == 2)
        var received: [Int] = []
        while let value = await channel.next() { received.append(value) }
        await producers.value
        #expect(received.sorted() == Array(0..<10))
        #expect(completed.value == 10)
    }

    @Test("A chunk's elements go over together, in order; a full channel holds the producers of further chunks")
    func batches() async {
        let channel = RefreshEventChannel<Int>(capacity: 2)
        let completed = Completed()
        let started = Completed()
        let producers = Task {
            await withTaskGroup(of: Void.self) { group in
                for batch in 0..<4 {
                    group.addTask {
                        started.add()
                        await channel.send(contentsOf: (0..<5).map { batch * 10 + $0 })
                        completed.add()
                    }
                }
            }
            channel.finish()
        }
        for _ in 0..<2_000 where started.value < 4 { try? await Task.sleep(for: .milliseconds(5)) }
        for _ in 0..<20 { try? await Task.sleep(for: .milliseconds(5)) }
        // The first hand-over fits (the channel was empty); every later one finds it full.
        #expect(completed.value == 1)
        var received: [Int] = []
        while let value = await channel.next() { received.append(value) }
        await producers.value
        #expect(received.count == 20)
        for batch in 0..<4 {
            #expect(received.filter { $0 / 10 == batch } == (0..<5).map { batch * 10 + $0 })
        }
        #expect(completed.value == 4)
    }

    @Test("Cancelling releases every waiting producer and ends the consumer")
    func cancel() async {
        let channel = RefreshEventChannel<Int>(capacity: 1)
        let producers = Task {
            await withTaskGroup(of: Void.self) { group in
                for value in 0..<5 { group.addTask { await channel.send(value) } }
            }
        }
        channel.cancel()
        await producers.value
        #expect(await channel.next() == nil)
    }
}
