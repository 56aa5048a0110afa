import FixtureDocuments
import XMLStream
import Foundation
import StreamTestSupport
import Testing

/// Fellowship One–shaped documents (written for these tests after the API's published samples) and the models
/// an app would decode them into.
enum FellowshipOne {
    static let base = FellowshipOneXML.base

    /// One `<person>` element as the People API writes it: a home phone, then email addresses; listed alternately.
    static func person(
        id: Int, first: String, last: String, household: Int, born: String = "1976-08-13T00:00:00",
        authorized: Bool = true, communications: Int = 1
    ) -> String {
        FellowshipOneXML.person(
            id: id, firstName: first, lastName: last, householdID: household, goesByName: "", gender: "Female",
            dateOfBirth: born, householdMemberTypeID: 1, householdMemberTypeName: "Head", isAuthorized: authorized,
            statusDate: "2001-02-11T00:00:00", createdDate: "2001-02-11T00:00:00",
            communications: (0..<communications).map { index in
                (
                    value: index == 0 ? "615-555-\(1000 + id)" : "\(first.lowercased())@example.org",
                    listed: index % 2 == 0, createdDate: "2008-11-20T14:08:12"
                )
            })
    }

    /// A people search answer: `<results count pageNumber totalRecords additionalPages>`.
    static func search(_ people: [String], pageNumber: Int = 1, additionalPages: Int = 0) -> String {
        FellowshipOneXML.searchStart(
            count: people.count, pageNumber: pageNumber, totalRecords: people.count + additionalPages * 20,
            additionalPages: additionalPages) + people.joined() + FellowshipOneXML.searchEnd
    }

    static let threePeople = search([
        person(id: 1433, first: "Jane", last: "Doe", household: 1217),
        person(
            id: 1434, first: "John", last: "Doe", household: 1217, born: "1974-03-01T00:00:00",
            authorized: false, communications: 2),
        // An empty element may also be written self-closing.
        person(id: 1501, first: "Zoë", last: "O&apos;Brien &amp; Co", household: 1300, born: "", communications: 0)
            .replacingOccurrences(of: "<prefix></prefix>", with: "<prefix />"),
    ])

    static let householdMemberTypes = """
        <?xml version="1.0" encoding="utf-8"?>
        <householdMemberTypes>
          <householdMemberType id="1" uri="\(base)/People/HouseholdMemberTypes/1">
            <name>Head</name>
          </householdMemberType>
          <householdMemberType id="2" uri="\(base)/People/HouseholdMemberTypes/2">
            <name>Spouse</name>
          </householdMemberType>
          <householdMemberType id="3" uri="\(base)/People/HouseholdMemberTypes/3">
            <name>Child</name>
          </householdMemberType>
          <householdMemberType id="101" uri="\(base)/People/HouseholdMemberTypes/101">
            <name>Visitor</name>
          </householdMemberType>
        </householdMemberTypes>

        """

    /// A small search, for cutting at every byte.
    static let small = """
        <results count="2" pageNumber="1" totalRecords="2" additionalPages="0">\
        <person id="1" householdID="7" json:Array="true"><firstName>Ann</firstName><isAuthorized>true</isAuthorized>\
        <title></title></person>\
        <person id="2" householdID="7"><firstName>Bob</firstName><isAuthorized>false</isAuthorized>\
        <title>Dr.</title></person></results>
        """
}

struct F1Reference: Decodable, Sendable, Hashable {
    var id: Int?
    var uri: String?
    var name: String?
}

struct F1Status: Decodable, Sendable, Hashable {
    var id: Int
    var name: String
    var comment: String?
    var date: Date?
    var subStatus: F1Reference?
}

struct F1Communication: Decodable, Sendable, Hashable {
    var id: Int64
    var uri: URL
    var household: F1Reference
    var communicationType: F1Reference
    var communicationGeneralType: String
    var communicationValue: String
    var listed: Bool
    var communicationComment: String?
    var createdDate: Date
}

struct F1Communications: Decodable, Sendable, Hashable {
    var communication: [F1Communication]
}

struct F1Person: Decodable, Sendable, Hashable {
    var id: Int
    var uri: URL
    var imageURI: String?
    var oldID: Int?
    var iCode: String
    var householdID: Int64
    var title: String?
    var salutation: String
    var prefix: String?
    var firstName: String
    var lastName: String
    var goesByName: String?
    var gender: String
    var dateOfBirth: Date?
    var householdMemberType: F1Reference
    var isAuthorized: Bool
    var status: F1Status
    var attributes: F1Reference?
    var communications: F1Communications?
    var lastMatchDate: Date?
    var createdDate: Date
    var lastUpdatedDate: Date
}

/// Decodes `document` in every standard chunking (plus 64 KiB and odd fixed sizes) and checks they agree;
/// returns the whole-buffer outcome and the container seen by that parser.
@discardableResult
func decodeRecordsEveryWay<T: Decodable & Sendable & Equatable>(
    _ document: [UInt8], as type: T.Type, path: String, options: XMLItemParser<T>.Options = .init(),
    byteByByteLimit: Int = 1 << 20, sourceLocation: SourceLocation = #_sourceLocation
) throws -> (outcome: DripFeedOutcome<T>, container: XMLRecordContainer) {
    var chunkings = DripFeed.standardChunkings(document.count, byteByByteLimit: byteByByteLimit)
    for size in [65_536, 4093, 13, 7] where size < document.count {
        chunkings.append(Array(stride(from: size, to: document.count, by: size)))
    }
    var reference: (DripFeedOutcome<T>, XMLRecordContainer)?
    for splits in chunkings {
        let parser = try XMLItemParser<T>(path: path, options: options)
        let outcome = DripFeed.run(parser, bytes: document, splits: splits)
        guard let (expected, expectedContainer) = reference else {
            reference = (outcome, parser.container)
            continue
        }
        #expect(
            outcome.items == expected.items, "records differ when cut at \(splits.prefix(8))…",
            sourceLocation: sourceLocation)
        #expect(parser.container == expectedContainer, sourceLocation: sourceLocation)
        #expect(
            outcome.error == expected.error, "error differs when cut at \(splits.prefix(8))…",
            sourceLocation: sourceLocation)
        if outcome.items != expected.items || outcome.error != expected.error { break }
    }
    return reference!
}

func utc(_ text: String) -> Date {
    DateParser.parse(text)!
}
