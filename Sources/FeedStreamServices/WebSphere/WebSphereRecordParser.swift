import Foundation

/// Streams the records at a path of a WebSphere JSON response and, when asked, the result-set total at another.
///
/// Records and total are selected in one pass of the JSON engine. Every record completed before a fault — a
/// malformed body, a record that does not fit `Record`, a total that is not an integer — is returned first; the
/// fault is thrown by the next call.
public final class WebSphereRecordParser<Record: Decodable & Sendable>: StreamingParser {
    public typealias Item = Record

    private enum Selection {
        case records(JSONItemParser<Record>)
        case recordsAndTotal(JSONItemAndSideValueParser<Record, Int>)
    }

    private let selection: Selection

    /// Selects the records at `recordsPath` and, when given, the total at `totalPath`.
    public init(recordsPath: String, totalPath: String? = nil, limits: StreamLimits = .default) {
        if let totalPath {
            selection = .recordsAndTotal(
                JSONItemAndSideValueParser(path: recordsPath, sidePath: totalPath, limits: limits))
        } else {
            selection = .records(JSONItemParser(path: recordsPath, limits: limits))
        }
    }

    /// The total the response reported, once its member has been read.
    public var total: Int? {
        switch selection {
        case .records: nil
        case .recordsAndTotal(let parser): parser.lastSideValue
        }
    }

    /// How much work the input cost the JSON engine, for tests that count passes over the input.
    package var intakeStatistics: (bytesFed: Int, feedCount: Int, scanBound: Int) {
        switch selection {
        case .records(let parser): parser.intakeStatistics
        case .recordsAndTotal(let parser): parser.intakeStatistics
        }
    }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Record] {
        switch selection {
        case .records(let parser): try parser.parse(chunk)
        case .recordsAndTotal(let parser): try parser.parse(chunk)
        }
    }

    public func finish() throws -> [Record] {
        switch selection {
        case .records(let parser): try parser.finish()
        case .recordsAndTotal(let parser): try parser.finish()
        }
    }
}
