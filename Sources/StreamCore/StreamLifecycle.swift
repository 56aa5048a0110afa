/// The states every streaming parser goes through, and the rule that no item is lost to an error.
///
/// Parsers call ``begin()`` at the top of `parse` and `finish`, and ``deliver(_:failure:)`` with what a call
/// produced. An error that follows completed items in the same call is held back and thrown by the next call,
/// so that the items reach the caller first.
package struct StreamLifecycle: Sendable {
    private enum State: Sendable {
        case running
        case failed(StreamError)
        case finished
    }

    private var state: State = .running

    /// Creates a lifecycle in the running state.
    package init() {}

    /// Whether the parser may still take input.
    package var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// Whether `finish` completed successfully; later `finish` calls return no items.
    package var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// Throws the held-back error, or a misuse error when input arrives after the end.
    package func begin() throws(StreamError) {
        switch state {
        case .running:
            return
        case .failed(let error):
            throw error
        case .finished:
            throw StreamError(kind: .misuse, message: "the parser was used after finish()")
        }
    }

    /// Records the outcome of one call and returns its items, or throws its error when it completed none.
    package mutating func deliver<Item>(_ items: [Item], failure: StreamError?) throws(StreamError) -> [Item] {
        guard let failure else { return items }
        state = .failed(failure)
        if items.isEmpty { throw failure }
        return items
    }

    /// Marks the end of input after a successful `finish`.
    package mutating func markFinished() {
        if case .running = state { state = .finished }
    }

    /// One `parse` call of a parser: runs `work` (feeding the chunk), then hands over the items it completed,
    /// holding back an error that follows them.
    package mutating func parse<Item>(
        _ work: () throws(StreamError) -> Void, completed: () -> [Item]
    ) throws(StreamError) -> [Item] {
        try begin()
        var failure: StreamError?
        do {
            try work()
        } catch {
            failure = error
        }
        return try deliver(completed(), failure: failure)
    }

    /// One `finish` call: returns nothing once the end was validated; otherwise runs `work` (flushing and
    /// validating the end) and hands over the items it completed.
    package mutating func finish<Item>(
        _ work: () throws(StreamError) -> Void, completed: () -> [Item]
    ) throws(StreamError) -> [Item] {
        if isFinished { return [] }
        let items = try parse(work, completed: completed)
        markFinished()
        return items
    }
}
