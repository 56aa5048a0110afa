@_spi(StreamPlumbing) import StreamCore

/// An event handler that completes items (a model decoder, a path's selector): it reads positions from the engine
/// it is attached to and hands over what it completed.
package protocol JSONItemHandler: JSONEventHandler {
    associatedtype Item

    /// The engine whose events it receives. Unowned: the parser owns both, the engine through its core.
    var engine: JSONEngine! { get set }

    /// The items completed since the last call.
    func takeCompleted() -> [Item]
}

extension PushParserCore {
    /// Runs `handler` behind a new engine, attached to it, reading with `options`.
    package init<Handler: JSONItemHandler>(
        handler: Handler, limits: StreamLimits, options: JSONReadingOptions
    ) where Handler.Item == Item {
        let engine = JSONEngine(handler: handler, limits: limits, options: options)
        handler.engine = engine
        self.init(engine: engine, completed: handler.takeCompleted)
    }
}
