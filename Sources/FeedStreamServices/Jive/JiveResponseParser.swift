import Foundation
import JSONStream

/// Decodes one Jive REST response body — a single JSON document, behind the anti-hijacking prefix
/// `throw 'allowIllegalResourceCall is false.';` or not — into `T`, chunk by chunk as it arrives.
///
/// ```swift
/// let parser = JiveResponseParser<JiveContent>()
/// for chunk in chunks { _ = try parser.parse(chunk) }
/// let content = try parser.finish().first
/// ```
///
/// A Jive error document, `{"error": {"status": 409, "message": "…"}}`, is a `StreamError` of kind
/// `.serviceError` whose message is Jive's; over HTTP it becomes the ``HTTPResponseError/serviceError`` of the
/// refused response. A body that lacks a field `T` requires is a `.typeMismatch` naming the field's path.
public final class JiveResponseParser<T: Decodable & Sendable>: StreamingParser {
    public typealias Item = T

    private let inner: JSONItemParser<JiveResponseBody<T>>
    private let allowsEmptyBody: Bool
    private var lines = LineCounter()
    private var failure: StreamError?

    /// Creates a parser; with `allowsEmptyBody`, a body of no bytes at all (a `204 No Content`) ends with no
    /// item instead of an error.
    public init(limits: StreamLimits = .default, allowsEmptyBody: Bool = false) {
        inner = JSONItemParser(path: .root, options: .init(limits: limits, reading: .jive))
        self.allowsEmptyBody = allowsEmptyBody
    }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [T] {
        if let failure { throw failure }
        let bodies = try inner.parse(chunk)
        lines.advance(over: chunk)
        return try unwrap(bodies)
    }

    public func finish() throws -> [T] {
        if let failure { throw failure }
        if allowsEmptyBody && lines.endPosition.byteOffset == 0 { return [] }
        return try unwrap(try inner.finish())
    }

    private func unwrap(_ bodies: [JiveResponseBody<T>]) throws -> [T] {
        try bodies.map { body in
            switch body {
            case .value(let value):
                return value
            case .error(let status, let message):
                let error = StreamError(
                    service: "Jive error", code: status.map(String.init), message: message, at: lines.endPosition,
                    path: "error")
                failure = error
                throw error
            }
        }
    }
}

/// A Jive body: the value asked for, or Jive's error document.
enum JiveResponseBody<T: Decodable & Sendable>: Decodable, Sendable {
    case value(T)
    case error(status: Int?, message: String?)

    private struct ErrorDocument: Decodable {
        var status: Int?
        var message: String?
        var code: String?
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: JiveFieldKey.self), container.contains("error"),
            let error = try? container.decode(ErrorDocument.self, forKey: "error")
        {
            self = .error(status: error.status, message: error.message ?? error.code)
            return
        }
        self = .value(try T(from: decoder))
    }
}
