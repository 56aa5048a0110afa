import StreamCore

#if compiler(>=6.2)
/// A `StreamingParser` that the networking helpers can create and drive on `URLSession`'s delegate
/// queue.
///
/// The helpers keep the parser itself on that queue, but they capture its *type* in `@Sendable` closures, which
/// Swift 6.2 allows only for types whose conformances are not isolated to an actor (`SendableMetatype`). Every
/// FeedStream parser qualifies; a parser whose `StreamingParser` conformance is `@MainActor`-isolated does not,
/// because the delegate queue is not the main actor.
public typealias NetworkStreamingParser = StreamingParser & SendableMetatype
#else
/// A `StreamingParser` that the networking helpers can create and drive on `URLSession`'s delegate
/// queue (before Swift 6.2 every parser qualifies).
public typealias NetworkStreamingParser = StreamingParser
#endif
