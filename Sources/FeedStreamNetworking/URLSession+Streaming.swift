import Foundation
import StreamCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The first entry points of the package, kept for the apps that call them: each forwards to the same call on a
/// ``URLSessionTransport`` made with `configuration`, so they share its engine — a body pulled as items are taken
/// (bounded memory where the platform can pause a transfer), the ``OriginPolicy`` on redirects, one typed
/// ``HTTPTransportError`` for network faults. New code calls an ``HTTPTransport`` (``DefaultHTTPTransport``) or a
/// ``Pager``; an app that owns its session hands it a ``StreamingDataDelegate``.
extension URLSession {
    /// Fetches `request` and yields each item as soon as the parser completes it.
    ///
    /// Forwards to ``HTTPTransport/parsedItems(for:requirements:authorizer:limits:originPolicy:parser:)`` on a
    /// ``URLSessionTransport`` with `configuration`, whose `timeoutIntervalForRequest` becomes the idle timeout.
    /// Errors are thrown after every item that preceded them; network faults are ``HTTPTransportError``s.
    @available(
        *, deprecated,
        message: "use URLSessionTransport(configuration:).parsedItems(for:…), or DefaultHTTPTransport()"
    )
    public static func parsedItems<Parser: NetworkStreamingParser>(
        for request: URLRequest, configuration: URLSessionConfiguration = .default,
        requirements: ResponseRequirements = .anySuccess, authorizer: (any RequestAuthorizer)? = nil,
        parser: @escaping @Sendable (HTTPResponseInfo) -> Parser
    ) -> AsyncThrowingStream<Parser.Item, any Error> {
        URLSessionTransport(configuration: configuration).parsedItems(
            for: request, requirements: requirements, authorizer: authorizer,
            limits: .init(sessionConfiguration: configuration), parser: parser)
    }

    /// Fetches `request` and yields every event of the transfer: the response head, items as they complete,
    /// progress after each chunk, and at the end what `summary` read from the parser.
    ///
    /// Forwards to ``HTTPTransport/parsedEvents(for:requirements:authorizer:limits:originPolicy:parser:summary:)``
    /// on a ``URLSessionTransport`` with `configuration`.
    @available(
        *, deprecated,
        message: "use URLSessionTransport(configuration:).parsedEvents(for:…), or DefaultHTTPTransport()"
    )
    public static func parsedEvents<Parser: NetworkStreamingParser, Summary: Sendable>(
        for request: URLRequest, configuration: URLSessionConfiguration = .default,
        requirements: ResponseRequirements = .anySuccess, authorizer: (any RequestAuthorizer)? = nil,
        parser: @escaping @Sendable (HTTPResponseInfo) -> Parser,
        summary: @escaping @Sendable (Parser) -> Summary
    ) -> AsyncThrowingStream<StreamingDataEvent<Parser.Item, Summary>, any Error> {
        URLSessionTransport(configuration: configuration).parsedEvents(
            for: request, requirements: requirements, authorizer: authorizer,
            limits: .init(sessionConfiguration: configuration), parser: parser, summary: summary)
    }

    /// Fetches `request` and yields the body's chunks as they arrive, after checking the response head against
    /// `requirements`.
    ///
    /// Forwards to ``HTTPTransport/dataChunks(for:requirements:authorizer:limits:originPolicy:)`` on a
    /// ``URLSessionTransport`` with `configuration`.
    @available(
        *, deprecated,
        message: "use URLSessionTransport(configuration:).dataChunks(for:…), or DefaultHTTPTransport()"
    )
    public static func dataChunks(
        for request: URLRequest, configuration: URLSessionConfiguration = .default,
        requirements: ResponseRequirements = .anySuccess, authorizer: (any RequestAuthorizer)? = nil
    ) -> AsyncThrowingStream<Data, any Error> {
        URLSessionTransport(configuration: configuration).dataChunks(
            for: request, requirements: requirements, authorizer: authorizer,
            limits: .init(sessionConfiguration: configuration))
    }
}

extension TransferLimits {
    /// The limits a session configuration stood for: its request timeout ("no data for this long") as the idle
    /// timeout.
    package init(sessionConfiguration configuration: URLSessionConfiguration) {
        self.init(idleTimeout: configuration.timeoutIntervalForRequest)
    }
}

/// Passes each chunk through as an item: what turns a parsed transfer into a source of chunks.
final class ChunkPassthrough: StreamingParser {
    typealias Item = Data

    func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Data] {
        chunk.isEmpty ? [] : [Data(chunk)]
    }

    func finish() throws -> [Data] { [] }
}
