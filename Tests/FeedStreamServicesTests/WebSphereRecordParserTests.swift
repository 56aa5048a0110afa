@testable import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

@Suite("WebSphereRecordParser: records and the total in one pass, no record lost to a fault")
struct WebSphereRecordParserTests {
    static let badTotal = Array(
        #"{"employees":[{"id":1,"firstName":"A"},{"id":2,"firstName":"B"}],"totalRows":"many"}"#.utf8)

    @Test("Every record completed before a total that is not a number is returned, in every chunking")
    func recordsBeforeTotalFault() throws {
        for splits in DripFeed.standardChunkings(Self.badTotal.count) {
            let parser = WebSphereRecordParser<Employee>(recordsPath: "employees[*]", totalPath: "totalRows")
            let outcome = DripFeed.run(parser, bytes: Self.badTotal, splits: splits)
            #expect(outcome.items.map(\.id) == [1, 2], "cut at \(splits.prefix(8))…")
            #expect(outcome.error?.kind == .typeMismatch)
            #expect(outcome.error?.path?.contains("totalRows") == true)
        }
    }

    @Test("One chunk holding records and the fault: parse returns the records, the next call throws")
    func faultDeferredToNextCall() throws {
        let parser = WebSphereRecordParser<Employee>(recordsPath: "employees[*]", totalPath: "totalRows")
        let records = try parser.parse(Self.badTotal)
        #expect(records.map(\.firstName) == ["A", "B"])
        let error = try #require(throws: StreamError.self) { try parser.finish() }
        #expect(error.kind == .typeMismatch)
        #expect(throws: StreamError.self) { try parser.finish() }
    }

    @Test("Records and the total come from one pass: every byte is fed to the JSON engine once")
    func onePass() throws {
        let body = Array(WebSpherePages.body(page: 1, withTotal: true).utf8)
        for splits in DripFeed.standardChunkings(body.count) {
            let parser = WebSphereRecordParser<Employee>(recordsPath: "employees[*]", totalPath: "totalRows")
            let outcome = DripFeed.run(parser, bytes: body, splits: splits)
            #expect(outcome.error == nil)
            #expect(outcome.items.map(\.id) == WebSpherePages.ids(1))
            #expect(parser.total == WebSpherePages.total)
            #expect(parser.intakeStatistics.bytesFed == body.count)
        }
    }
}
