import Foundation
import StreamCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// Fetches `request` and yields each item as soon as the parser completes it.
    ///
    /// ```swift
    /// let entries = URLSession.parsedItems(for: URLRequest(url: url), requirements: .xml) { head in
    ///     AtomParser(options: .init(baseURL: head.url?.absoluteString, defaultEncoding: head.charset))
    /// }
    /// for try await entry in entries { show(entry) }
    /// ```
    ///
    /// The transfer starts at once, in a session of its own (configured by `configuration`) with a
    /// ``StreamingDataDelegate`` on a serial queue. Errors — ``HTTPResponseError``, the parser's `StreamError`, a
    /// `URLError` — are thrown after every item that preceded them. When the consumer stops iterating (it breaks
    /// out, or its task is cancelled), the data task is cancelled and the connection closed.
    ///
    /// Items are buffered without bound while the consumer is slower than the network: this helper's session
    /// pushes and is not made to wait (on Linux, FoundationNetworking cannot pause a transfer at all). For large
    /// bodies or slow consumers, use a transport — `DefaultHTTPTransport().parsedItems(for:…)` — whose body is
    /// pulled as items are taken, with bounded memory, timeouts and the ``OriginPolicy``.
    ///
    /// `authorizer` (``HTTPBasicAuthorizer``, ``OAuth1Signer``) adds its credentials to `request` just before the
    /// transfer starts; when it throws, the sequence ends with its error and nothing is sent.
    public static func parsedItems<Parser: NetworkStreamingParser>(
        for request: URLRequest, configuration: URLSessionConfiguration = .default,
        requirements: ResponseRequirements = .anySuccess, authorizer: (any RequestAuthorizer)? = nil,
        parser: @escaping @Sendable (HTTPResponseInfo) -> Parser
    ) -> AsyncThrowingStream<Parser.Item, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Parser.Item, any Error>.makeStream()
        let delegate = StreamingDataDelegate(requirements: requirements, parser: parser) { event in
            switch event {
            case .items(let items): for item in items { continuation.yield(item) }
            case .failed(let error): continuation.finish(throwing: error)
            case .finished: continuation.finish()
            case .response, .progress: break
            }
        }
        start(
            request, authorizer: authorizer, configuration: configuration, delegate: delegate,
            continuation: continuation)
        return stream
    }

    /// Fetches `request` and yields every event of the transfer: the response head, items as they complete,
    /// progress after each chunk, and at the end what `summary` read from the parser (the feed's paging links).
    ///
    /// ```swift
    /// let events = URLSession.parsedEvents(
    ///     for: request, requirements: .xml, parser: { _ in AtomParser() }, summary: { $0.feed })
    /// for try await event in events {
    ///     switch event {
    ///     case .items(let entries): show(entries)
    ///     case .progress(let progress): bar.value = progress.fractionCompleted ?? 0
    ///     case .finished(let feed): nextPage = feed.nextURL
    ///     case .response, .failed: break
    ///     }
    /// }
    /// ```
    ///
    /// The sequence ends after ``StreamingDataEvent/finished(_:)``; errors are thrown rather than yielded as
    /// ``StreamingDataEvent/failed(_:)``. Cancellation and buffering are as for
    /// ``parsedItems(for:configuration:requirements:authorizer:parser:)``.
    public static func parsedEvents<Parser: NetworkStreamingParser, Summary: Sendable>(
        for request: URLRequest, configuration: URLSessionConfiguration = .default,
        requirements: ResponseRequirements = .anySuccess, authorizer: (any RequestAuthorizer)? = nil,
        parser: @escaping @Sendable (HTTPResponseInfo) -> Parser,
        summary: @escaping @Sendable (Parser) -> Summary
    ) -> AsyncThrowingStream<StreamingDataEvent<Parser.Item, Summary>, any Error> {
        typealias Event = StreamingDataEvent<Parser.Item, Summary>
        let (stream, continuation) = AsyncThrowingStream<Event, any Error>.makeStream()
        let delegate = StreamingDataDelegate(requirements: requirements, parser: parser, summary: summary) { event in
            switch event {
            case .failed(let error):
                continuation.finish(throwing: error)
            case .finished:
                continuation.yield(event)
                continuation.finish()
            case .response, .items, .progress:
                continuation.yield(event)
            }
        }
        start(
            request, authorizer: authorizer, configuration: configuration, delegate: delegate,
            continuation: continuation)
        return stream
    }

    /// Fetches `request` and yields the body's chunks as they arrive, after checking the response head against
    /// `requirements` — the input for `chunks.parsed(with: parser)`:
    ///
    /// ```swift
    /// let chunks = URLSession.dataChunks(for: request, requirements: .json)
    /// for try await entry in chunks.parsed(with: JiveInboxParser()) { show(entry) }
    /// ```
    ///
    /// A refused response ends in an ``HTTPResponseError`` carrying the body's text; its
    /// ``HTTPResponseError/serviceError`` is `nil` here, since no parser is involved. Cancellation and buffering
    /// are as for ``parsedItems(for:configuration:requirements:authorizer:parser:)``.
    public static func dataChunks(
        for request: URLRequest, configuration: URLSessionConfiguration = .default,
        requirements: ResponseRequirements = .anySuccess, authorizer: (any RequestAuthorizer)? = nil
    ) -> AsyncThrowingStream<Data, any Error> {
        parsedItems(for: request, configuration: configuration, requirements: requirements, authorizer: authorizer) {
            _ in
            ChunkPassthrough()
        }
    }

    private static func start<Parser: NetworkStreamingParser, Summary: Sendable, Element>(
        _ request: URLRequest, authorizer: (any RequestAuthorizer)?, configuration: URLSessionConfiguration,
        delegate: StreamingDataDelegate<Parser, Summary>,
        continuation: AsyncThrowingStream<Element, any Error>.Continuation
    ) {
        // Signed last, so that a signature's timestamp is as fresh as it can be and covers the request as sent.
        let signed: URLRequest
        do {
            signed = try request.authorized(by: authorizer)
        } catch {
            continuation.finish(throwing: error)
            return
        }
        // A serial queue keeps the delegate's callbacks, and so the events, in order.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        let task = session.dataTask(with: signed)
        continuation.onTermination = { termination in
            // The consumer stopped (or the transfer ended): close the connection, deliver nothing more.
            if case .cancelled = termination {
                delegate.cancel()
                task.cancel()
            }
        }
        task.resume()
        // A session of its own keeps its delegate until its tasks end; invalidating it now lets both go then.
        session.finishTasksAndInvalidate()
    }
}

/// Passes each chunk through as an item: what turns the delegate into a source of chunks.
final class ChunkPassthrough: StreamingParser {
    typealias Item = Data

    func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Data] {
        chunk.isEmpty ? [] : [Data(chunk)]
    }

    func finish() throws -> [Data] { [] }
}
