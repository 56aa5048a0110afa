import Foundation

/// Streams the records at a path of a WebSphere JSON response and, when asked, the result-set total at another.
///
/// The total is read by a second selector over the same chunks, so it costs a second pass of the JSON engine:
/// give ``WebSpherePaging/totalPath`` only when the service reports a total and the page-full rule is not enough.
public final class WebSphereRecordParser<Record: Decodable & Sendable>: StreamingParser {
    public typealias Item = Record

    private let records: JSONItemParser<Record>
    private let totals: JSONItemParser<Int>?
    private var lastTotal: Int?

    /// Selects the records at `recordsPath` and, when given, the total at `totalPath`.
    public init(recordsPath: String, totalPath: String? = nil, limits: StreamLimits = .default) {
        records = JSONItemParser(path: recordsPath, limits: limits)
        totals = totalPath.map { JSONItemParser(path: $0, limits: limits) }
    }

    /// The total the response reported, once its member has been read.
    public var total: Int? { lastTotal }

    public func parse(_ chunk: UnsafeRawBufferPointer) throws -> [Record] {
        let items = try records.parse(chunk)
        if let totals, let value = try totals.parse(chunk).last { lastTotal = value }
        return items
    }

    public func finish() throws -> [Record] {
        let items = try records.finish()
        if let totals, let value = try totals.finish().last { lastTotal = value }
        return items
    }
}
