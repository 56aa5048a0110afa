import XMLStream
import Foundation
import StreamTestSupport
import Testing

@Suite("XMLItemParser: Fellowship One records")
struct XMLItemParserTests {
    @Test("A people search decodes into app models identically at every chunk size; the container pages")
    func peopleSearch() throws {
        let document = Array(FellowshipOne.threePeople.utf8)
        let (outcome, container) = try decodeRecordsEveryWay(document, as: F1Person.self, path: "results/person")
        #expect(outcome.error == nil)
        let people = outcome.items
        try #require(people.count == 3)
        #expect(container.name == "results")
        #expect(container["count"] == "3")
        #expect(container.integer("pageNumber") == 1)
        #expect(container.integer("totalRecords") == 3)
        #expect(container.integer("additionalPages") == 0)
        #expect(container.attributes.map(\.name) == ["count", "pageNumber", "totalRecords", "additionalPages"])

        let jane = people[0]
        #expect(jane.id == 1433)
        #expect(jane.uri == URL(string: "https://demo.fellowshiponeapi.com/v1/People/1433"))
        #expect(jane.householdID == 1217)
        #expect(jane.imageURI == nil, "an empty attribute is nil for an optional")
        #expect(jane.oldID == nil)
        #expect(jane.iCode == "A1433")
        #expect(jane.title == nil, "<title></title> is nil for an optional")
        #expect(jane.salutation == "", "and \"\" for a String")
        #expect(jane.prefix == nil, "<prefix></prefix> too")
        #expect(jane.firstName == "Jane")
        #expect(jane.dateOfBirth == utc("1976-08-13T00:00:00Z"))
        #expect(
            jane.householdMemberType
                == F1Reference(id: 1, uri: FellowshipOne.base + "/People/HouseholdMemberTypes/1", name: "Head"))
        #expect(jane.isAuthorized)
        #expect(jane.status.id == 1)
        #expect(jane.status.name == "Member")
        #expect(jane.status.comment == nil)
        #expect(jane.status.date == utc("2001-02-11T00:00:00Z"))
        #expect(jane.status.subStatus == F1Reference(id: nil, uri: nil, name: nil), "<subStatus id=\"\" uri=\"\">")
        #expect(jane.attributes == F1Reference(), "json:Array=\"true\" is an attribute like any other")
        let communication = try #require(jane.communications?.communication.first)
        #expect(jane.communications?.communication.count == 1, "one child is a one-element array")
        #expect(communication.id == 14330)
        #expect(communication.household.id == 1217)
        #expect(communication.communicationType.name == "Home Phone")
        #expect(communication.communicationValue == "615-555-2433")
        #expect(communication.listed)
        #expect(communication.createdDate == utc("2008-11-20T14:08:12Z"))
        #expect(jane.lastUpdatedDate == utc("2010-04-05T10:47:33Z"))

        let john = people[1]
        #expect(!john.isAuthorized)
        #expect(john.dateOfBirth == utc("1974-03-01T00:00:00Z"))
        #expect(john.communications?.communication.map(\.listed) == [true, false])
        #expect(john.communications?.communication.map(\.communicationValue) == ["615-555-2434", "john@example.org"])

        let zoe = people[2]
        #expect(zoe.firstName == "Zoë")
        #expect(zoe.lastName == "O'Brien & Co")
        #expect(zoe.dateOfBirth == nil)
        #expect(zoe.prefix == nil, "<prefix /> too")
        #expect(zoe.communications?.communication == [])
    }

    @Test("A <people> list, a single <person> document and <householdMemberTypes>")
    func listsAndSingleRecord() throws {
        let people =
            "<people>" + FellowshipOne.person(id: 1, first: "A", last: "B", household: 2)
            + FellowshipOne.person(id: 3, first: "C", last: "D", household: 4) + "</people>"
        let (list, container) = try decodeRecordsEveryWay(
            Array(people.utf8), as: F1Person.self, path: "people/person", byteByByteLimit: 0)
        #expect(list.error == nil)
        #expect(list.items.map(\.id) == [1, 3])
        #expect(container == XMLRecordContainer(name: "people"))

        let single = "<?xml version=\"1.0\"?>\n" + FellowshipOne.person(id: 9, first: "S", last: "T", household: 8)
        let (one, none) = try decodeRecordsEveryWay(Array(single.utf8), as: F1Person.self, path: "person")
        #expect(one.error == nil)
        #expect(one.items.map(\.firstName) == ["S"])
        #expect(none.name.isEmpty, "a one-component path has no container")

        let (types, _) = try decodeRecordsEveryWay(
            Array(FellowshipOne.householdMemberTypes.utf8), as: F1Reference.self,
            path: "/householdMemberTypes/householdMemberType")
        #expect(types.error == nil)
        #expect(types.items.map(\.id) == [1, 2, 3, 101])
        #expect(types.items.map(\.name) == ["Head", "Spouse", "Child", "Visitor"])
    }

    @Test("Communications list: path through a wrapper, nested references")
    func communicationsList() throws {
        let person = FellowshipOne.person(id: 5, first: "E", last: "F", household: 6, communications: 3)
        let start = try #require(person.range(of: "<communications"))
        let end = try #require(person.range(of: "</communications>"))
        let document = String(person[start.lowerBound..<end.upperBound])
        let (outcome, container) = try decodeRecordsEveryWay(
            Array(document.utf8), as: F1Communication.self, path: "communications/communication")
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.id) == [50, 51, 52])
        #expect(outcome.items.map(\.communicationGeneralType) == ["Telephone", "Email", "Email"])
        #expect(container.attributes == [XMLRecordAttribute(name: "json:Array", value: "true")])
    }

    @Test("Records of any shape: XMLRecordValue and its JSON text")
    func untypedRecords() throws {
        let document = """
            <r xmlns:x="urn:x"><rec id="1" json:Array="true" x:k="v">\
            <a>1</a><b/><a>2</a><c q="&lt;">t</c><d> <e>in</e> tail "q"\n</d><a></a></rec></r>
            """
        let (outcome, _) = try decodeRecordsEveryWay(Array(document.utf8), as: XMLRecordValue.self, path: "r/rec")
        #expect(outcome.error == nil)
        let record = try #require(outcome.items.first)
        #expect(
            record.jsonText
                == #"{"@id":"1","@json:Array":"true","@x:k":"v","a":["1","2",null],"b":null,"#
                + ##""c":{"@q":"<","#text":"t"},"d":{"e":"in","#text":"tail \"q\""}}"##)
        #expect(record["a"]?[1] == .string("2"))
        #expect(record["@id"]?.stringValue == "1")
        let encoded = try JSONEncoder().encode(record)
        let decoded = try JSONDecoder().decode(XMLRecordValue.self, from: encoded)
        #expect(decoded["c"]?["@q"] == .string("<"))
        #expect(decoded["a"] == record["a"])
        #expect(decoded["b"] == .null)
    }

    @Test("XMLRecordValue gathers repeats alike with few and with many (> 64) distinct child names")
    func untypedRepeatsFewAndMany() throws {
        let few = "<f:i>1</f:i><i>2</i><j/><f:i>3</f:i><i><k>4</k></i><f:i/>"
        let many = (0..<80).map { "<n\($0)>\($0)</n\($0)>" }.joined() + "<n3>b</n3><n79/><n3>c</n3>"
        let document = #"<r xmlns:f="urn:f"><rec id="1">"# + few + "</rec><rec>" + many + "</rec></r>"
        let (outcome, _) = try decodeRecordsEveryWay(Array(document.utf8), as: XMLRecordValue.self, path: "r/rec")
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 2)
        let first = try #require(outcome.items.first)
        #expect(first.jsonText == #"{"@id":"1","f:i":["1","3",null],"i":["2",{"k":"4"}],"j":null}"#)
        let second = try #require(outcome.items.last)
        guard case .object(let members) = second else {
            Issue.record("expected an object, got \(second.jsonText)")
            return
        }
        #expect(members.map(\.key) == (0..<80).map { "n\($0)" })
        #expect(second["n3"] == .array([.string("3"), .string("b"), .string("c")]))
        #expect(second["n79"] == .array([.string("79"), .null]))
        #expect(second["n78"] == .string("78"))
    }

    @Test("Scalars: exact 64-bit integers, decimals, floats, booleans, URLs, sets and nested arrays")
    func scalars() throws {
        struct Numbers: Decodable, Sendable, Equatable {
            var big: UInt64
            var small: Int64
            var byte: UInt8
            var ratio: Double
            var single: Float
            var amount: Decimal
            var yes: Bool
            var no: Bool
            var link: URL
            var tags: Set<String>
            var missing: [String]
            var padded: Int
        }
        let document = """
            <n><big>18446744073709551615</big><small>-9223372036854775808</small><byte>255</byte>\
            <ratio>2.5e-3</ratio><single>1.5</single><amount>12.50</amount><yes>1</yes><no>false</no>\
            <link>https://example.org/a?b=c</link><tags>x</tags><tags>y</tags><tags>x</tags>\
            <padded>\n  42\n</padded></n>
            """
        let (outcome, _) = try decodeRecordsEveryWay(Array(document.utf8), as: Numbers.self, path: "n")
        let numbers = try #require(outcome.items.first)
        #expect(numbers.big == .max)
        #expect(numbers.small == .min)
        #expect(numbers.byte == 255)
        #expect(numbers.ratio == 0.0025)
        #expect(numbers.single == 1.5)
        #expect(numbers.amount == Decimal(string: "12.5"))
        #expect(numbers.yes && !numbers.no)
        #expect(numbers.link.absoluteString == "https://example.org/a?b=c")
        #expect(numbers.tags == ["x", "y"])
        #expect(numbers.missing == [], "no children of a name is an empty array")
        #expect(numbers.padded == 42)
    }

    @Test("Zone-less dates read in the time zone of the options; dates with an offset ignore it")
    func timeZones() throws {
        struct Dated: Decodable, Sendable, Equatable {
            var local: Date
            var day: Date
            var offset: Date
        }
        let document = """
            <d><local>1976-08-13T00:00:00</local><day>1976-01-13</day>\
            <offset>1976-08-13T00:00:00+02:00</offset></d>
            """
        let chicago = TimeZone(identifier: "America/Chicago")!
        let (outcome, _) = try decodeRecordsEveryWay(
            Array(document.utf8), as: Dated.self, path: "d", options: .init(timeZone: chicago))
        let dated = try #require(outcome.items.first)
        #expect(dated.local == utc("1976-08-13T05:00:00Z"), "CDT in August")
        #expect(dated.day == utc("1976-01-13T06:00:00Z"), "CST in January")
        #expect(dated.offset == utc("1976-08-12T22:00:00Z"))
        let inUTC = try #require(
            decodeRecordsEveryWay(Array(document.utf8), as: Dated.self, path: "d").outcome.items.first)
        #expect(inUTC.local == utc("1976-08-13T00:00:00Z"))
    }

    @Test("Namespaced documents match by local name; only the selected depth is a record")
    func namespacesAndNesting() throws {
        let document = """
            <f:results xmlns:f="urn:f1" xmlns="urn:default" count="1"><f:person id="1"><name>A</name>\
            <person id="9"><name>inner</name></person></f:person><other><person id="2"/></other></f:results>
            """
        let (outcome, container) = try decodeRecordsEveryWay(
            Array(document.utf8), as: XMLRecordValue.self, path: "results/person")
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 1)
        #expect(outcome.items.first?["person"]?["@id"] == .string("9"))
        #expect(container.name == "f:results")
        #expect(container["count"] == "1")
    }

    @Test("Undeclared prefixes are tolerated by XMLItemParser (AtomParser stays strict: AtomHostileInputTests)")
    func undeclaredPrefixes() throws {
        let document = "<results><person json:Array=\"true\" a:b=\"c\"><json:x>1</json:x></person></results>"
        let (outcome, _) = try decodeRecordsEveryWay(
            Array(document.utf8), as: XMLRecordValue.self, path: "results/person")
        #expect(outcome.error == nil)
        #expect(outcome.items.first?.jsonText == #"{"@json:Array":"true","@a:b":"c","json:x":"1"}"#)
    }

    @Test("A document in a default encoding it does not declare")
    func defaultEncoding() throws {
        var document = Array("<results><person><name>Ren".utf8)
        document += [0xE9]
        document += Array("e</name></person></results>".utf8)
        struct Named: Decodable, Sendable, Equatable { var name: String }
        let (outcome, _) = try decodeRecordsEveryWay(
            document, as: Named.self, path: "results/person", options: .init(defaultEncoding: "iso-8859-1"))
        #expect(outcome.items == [Named(name: "Renée")])
    }

    @Test("An invalid path is a misuse error thrown by init", arguments: ["", "/", "a//b", "a/b[1]", "a/@id"])
    func invalidPath(path: String) throws {
        let error = #expect(throws: StreamError.self) { try XMLItemParser<XMLRecordValue>(path: path) }
        #expect(error?.kind == .misuse)
        #expect(error?.message.contains("invalid path") == true)
        #expect(!XMLItemParser<XMLRecordValue>.isValid(path: path))
        #expect(try XMLItemParser<XMLRecordValue>(path: "/a").parseAll(Array("<a/>".utf8)).count == 1)
    }

    @Test("A large search: 64 KiB, odd and random chunkings agree", .ownThread)
    func largeSearch() throws {
        let people = (0..<400).map {
            FellowshipOne.person(id: $0 + 1, first: "P\($0)", last: "L", household: $0 / 3, communications: $0 % 3)
        }
        let document = Array(FellowshipOne.search(people, pageNumber: 2, additionalPages: 3).utf8)
        let (outcome, container) = try decodeRecordsEveryWay(
            document, as: F1Person.self, path: "results/person", byteByByteLimit: 0)
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.id) == Array(1...400))
        #expect(container.integer("additionalPages") == 3)
    }

    @Test("An 8 MB text in 512-byte chunks costs linear work")
    func hugeTextIsLinear() throws {
        let size = 8 << 20
        let document = longTextDocument(
            "<results><person><notes><![CDATA[", filler: size,
            "]]></notes></person><person><notes>after</notes></person></results>")
        struct Notes: Decodable, Sendable { var notes: String }
        let parser = try XMLItemParser<Notes>(path: "results/person")
        let outcome = DripFeed.run(
            parser, bytes: document, splits: Array(stride(from: 512, to: document.count, by: 512)))
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.notes.utf8.count) == [size, 5])
        expectLinearIntake(parser.intakeStatistics, inputBytes: document.count)
    }

    @Test("The sample files in Fixtures/samples/fellowship-one decode")
    func sampleFiles() throws {
        let folder = Corpus.projectRoot.appendingPathComponent("Fixtures/samples/fellowship-one")
        let search = try [UInt8](Data(contentsOf: folder.appendingPathComponent("people-search.xml")))
        let (people, container) = try decodeRecordsEveryWay(
            search, as: F1Person.self, path: "results/person", byteByByteLimit: 0)
        #expect(people.error == nil)
        #expect(people.items.map(\.firstName) == ["Jane", "John"])
        #expect(people.items.map(\.title) == [nil, "Dr."])
        #expect(container.integer("totalRecords") == 2)
        let types = try [UInt8](Data(contentsOf: folder.appendingPathComponent("household-member-types.xml")))
        let (records, _) = try decodeRecordsEveryWay(
            types, as: XMLRecordValue.self, path: "householdMemberTypes/householdMemberType")
        #expect(
            records.items.map(\.jsonText).first
                == #"{"@id":"1","@uri":"https://demo.fellowshiponeapi.com/v1/People/HouseholdMemberTypes/1","#
                + #""name":"Head"}"#
        )
    }

    @Test("The container's attributes are readable as soon as its start tag was parsed, before any record")
    func containerEarly() throws {
        let parser = try XMLItemParser<XMLRecordValue>(path: "results/person")
        let head = "<results count=\"20\" pageNumber=\"2\" totalRecords=\"95\" additionalPages=\"3\"><person id=\"1\">"
        let records = try parser.parse(Array(head.utf8))
        #expect(records.isEmpty)
        #expect(parser.container.integer("totalRecords") == 95)
        #expect(parser.container.integer("additionalPages") == 3)
        #expect(parser.itemCount == 1, "the first record has started")
    }
}
