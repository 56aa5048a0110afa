import AtomStream
import XMLStream
import Foundation

/// `xml-items`: a Fellowship One people search decoded by `XMLItemParser` into a typed model that reads every
/// field, and into `XMLRecordValue` (what `feedstream xml-items` prints), against libxml2's no-op pass on the
/// same bytes.
enum XMLItemsWorkload {
    static func fixture(quick: Bool) -> Fixture {
        let bytes = quick ? 10_000_000 : 100_000_000
        return Fixture(
            fileName: "f1-people-\(bytes / 1_000_000)mb.xml",
            description: "Fellowship One people search",
            generate: { FellowshipOneGenerator(seed: 2017).search(bytes: bytes, into: &$0) })
    }

    static func all(quick: Bool) -> [Workload] {
        [
            // Into a user `Decodable` that reads every field.
            decoding(BenchmarkPerson.self, name: "xml-items", quick: quick),
            // Records of any shape: the tree of each record made into an `XMLRecordValue`.
            decoding(XMLRecordValue.self, name: "xml-records", quick: quick),
        ]
    }

    /// Every person decoded into `T`; the `--child` kind is the workload's name.
    static func decoding<T: Decodable & Sendable>(_ type: T.Type, name: String, quick: Bool) -> Workload {
        Workload(
            name: name,
            fixture: fixture(quick: quick),
            subject: { ChunkedDecode.count(XMLItemParser<T>(path: Paths.people), $0, chunkSize: $1) },
            ceiling: { LibXML2Ceiling.parse($0, chunkSize: $1) },
            baselines: [],
            childKind: name)
    }
}

/// The model an app would decode a Fellowship One person into: every field the generator writes.
struct BenchmarkPerson: Decodable, Sendable {
    struct Reference: Decodable, Sendable {
        var id: Int?
        var uri: String?
        var name: String?
    }

    struct Status: Decodable, Sendable {
        var id: Int
        var uri: String
        var name: String
        var comment: String?
        var date: Date?
        var subStatus: Reference?
    }

    struct Occupation: Decodable, Sendable {
        var id: Int?
        var uri: String?
        var name: String?
        var description: String?
    }

    struct Communication: Decodable, Sendable {
        var id: Int64
        var uri: String
        var household: Reference
        var person: Reference
        var communicationType: Reference
        var communicationGeneralType: String
        var communicationValue: String
        var listed: Bool
        var communicationComment: String?
        var createdDate: Date
    }

    struct Communications: Decodable, Sendable {
        var communication: [Communication]
    }

    var id: Int
    var uri: String
    var imageURI: String?
    var oldID: Int?
    var iCode: String
    var householdID: Int64
    var oldHouseholdID: Int64?
    var title: String?
    var salutation: String?
    var prefix: String?
    var firstName: String
    var lastName: String
    var suffix: String?
    var middleName: String?
    var goesByName: String?
    var formerName: String?
    var gender: String
    var dateOfBirth: Date?
    var maritalStatus: String?
    var householdMemberType: Reference
    var isAuthorized: Bool
    var status: Status
    var occupation: Occupation?
    var employer: String?
    var barCode: String?
    var memberEnvelopeCode: String?
    var communications: Communications?
    var lastMatchDate: Date?
    var createdDate: Date
    var lastUpdatedDate: Date
}
