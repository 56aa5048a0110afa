import AtomStream
import Foundation
import StreamTestSupport
import Testing

/// JSON Feed's faults as readers meet them: a member of the wrong type is skipped with a positioned warning and
/// its item kept (JSON Feed asks readers to be liberal), and JSON that is no JSON Feed at all is refused.
@Suite("FeedParser: JSON Feed faults")
struct JSONFeedFaultTests {
    /// The items and the warnings, the same in every chunking.
    func decodeWithWarnings(_ bytes: [UInt8]) -> (outcome: DripFeedOutcome<AtomEntry>, warnings: [StreamError]) {
        var reference: (DripFeedOutcome<AtomEntry>, [StreamError])?
        for splits in DripFeed.standardChunkings(bytes.count, byteByByteLimit: 1 << 12) {
            let parser = FeedParser()
            let outcome = DripFeed.run(parser, bytes: bytes, splits: splits)
            guard let (items, warnings) = reference else {
                reference = (outcome, parser.warnings)
                continue
            }
            #expect(outcome.items == items.items && outcome.error == items.error, "cut at \(splits.prefix(6))")
            #expect(parser.warnings == warnings, "cut at \(splits.prefix(6))")
        }
        return reference!
    }

    @Test(
        "A member of the wrong type is a warning that says expected and got; the item and later ones are kept",
        arguments: [
            (
                #"{"items":[{"id":"1"},{"id":"2","title":5},{"id":"3"}]}"#, "items[1].title",
                "`title` should be a string, found the number 5; skipped", ["1", "2", "3"]
            ),
            (
                #"{"items":[{"id":"1"},{"tags":"news","id":"2"},{"id":"3"}]}"#, "items[1].tags",
                "`tags` should be an array, found a string; skipped", ["1", "2", "3"]
            ),
            (
                #"{"items":[{"id":"1"},7,{"id":"3"}]}"#, "items[1]",
                "an item should be an object, found the number 7; skipped", ["1", "3"]
            ),
            (
                #"{"items":[{"id":"1"},[1,{"id":"x"}],{"id":"3"}]}"#, "items[1]",
                "an item should be an object, found an array; skipped", ["1", "3"]
            ),
            (
                #"{"title":["x"],"items":[{"id":"1"}]}"#, "title",
                "`title` should be a string or number, found an array; skipped", ["1"]
            ),
            (
                #"{"items":[{"id":"1","date_published":12}]}"#, "items[0].date_published",
                "`date_published` should be a date string, found the number 12; skipped", ["1"]
            ),
            (
                #"{"items":[{"id":true,"url":"https://a.test/"}]}"#, "items[0].id",
                "`id` should be a string or number, found a boolean; skipped", [""]
            ),
            (
                #"{"items":[{"id":"1","tags":["a",3,"b"]}]}"#, "items[0].tags[1]",
                "a tag should be a string, found the number 3; skipped", ["1"]
            ),
        ])
    func memberTypeFaultsAreWarnings(document: String, path: String, message: String, ids: [String]) throws {
        let (outcome, warnings) = decodeWithWarnings(Array(document.utf8))
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        #expect(outcome.items.map { $0.id ?? "" } == ids)
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.kind == .typeMismatch)
        #expect(warning.path == path)
        #expect(warning.message == message)
        #expect(warning.line == 1 && warning.column > 1 && warning.byteOffset > 0)
    }

    @Test("The member is skipped, the rest of the item kept: 84 items after a bad one all arrive")
    func laterItemsSurvive() throws {
        var document = #"{"version":"https://jsonfeed.org/version/1.1","items":["#
        document += #"{"id":"0","title":"Kept","tags":"news","url":"https://a.test/0"}"#
        for index in 1...84 { document += #",{"id":"\#(index)","tags":["t"]}"# }
        document += "]}"
        let (outcome, warnings) = decodeWithWarnings(Array(document.utf8))
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 85)
        #expect(outcome.items.first?.title?.value == "Kept")
        #expect(outcome.items.first?.links.first?.href == "https://a.test/0")
        #expect(outcome.items.first?.categories == [])
        #expect(outcome.items.last?.categories.map(\.term) == ["t"])
        #expect(warnings.map(\.path) == ["items[0].tags"])
    }

    @Test("Leading byte order mark and white space: positions of warnings count them")
    func byteOrderMarkAndWhitespace() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(" \r\n\t\n{\"items\":[{\"id\":true}]}".utf8)
        let (outcome, warnings) = decodeWithWarnings(bytes)
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.line == 3)
        #expect(warning.path == "items[0].id")
        #expect(warning.byteOffset > 8)
    }

    @Test(
        "JSON that is not a JSON Feed is a clear error, not an empty feed",
        arguments: [
            #"{"error":{"code":403,"message":"Forbidden"}}"#,
            #"{"rsss":{"channel":{"title":"x","item":[{"title":"a"}]}}}"#,
            #"{"rs":{"channel":{}}}"#,
            #"{"title":"x","rss":{"channel":{}}}"#,
            #"{"version":"1.1","title":"no items"}"#,
            #"{}"#,
            #"{"items":{"id":"1"}}"#,
            #"{"items":"none"}"#,
        ])
    func notAJSONFeed(document: String) throws {
        let (outcome, _) = decodeWithWarnings(Array(document.utf8))
        let error = try #require(outcome.error)
        #expect(error.kind == .unexpectedDocument, "\(error)")
        #expect(error.message.hasPrefix("this JSON document is not a JSON Feed"))
        #expect(error.line == 1)
        #expect(outcome.items.isEmpty)
    }

    @Test("A jsonfeed.org version without items is an empty feed; items without a version are a feed")
    func minimalFeeds() {
        for document in [#"{"version":"https://jsonfeed.org/version/1.1","title":"x"}"#, #"{"items":[]}"#] {
            let (outcome, warnings) = decodeWithWarnings(Array(document.utf8))
            #expect(outcome.error == nil, "\(document)")
            #expect(warnings.isEmpty)
        }
    }
}
