import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

/// A WebSphere Process Server "JSON over HTTP" business object, as an app would declare it.
struct Employee: Decodable, Sendable, Equatable {
    var firstName: String
    var lastName: String
    var division: String?
    var email: String?
    var phoneNumber: String?
}

@Suite struct JSONItemParserTests {
    static let employees = """
        {"employees":[
          {"firstName":"John","lastName":"Doe","division":"Software","email":"john.doe@example.com",
           "phoneNumber":"+1 919 555 0100","manager":{"id":7,"tags":["a","b"]}},
          {"firstName":"Anna","lastName":"Smith","division":null,"email":"anna.smith@example.com"},
          {"firstName":"Peter","lastName":"Jones","division":"Research","email":"peter.jones@example.com",
           "phoneNumber":"+1 919 555 0102"}
        ],"total":3}
        """

    @Test func webSpherePage() throws {
        let outcome = try dripFeedAll(bytes(Self.employees), make: { try JSONItemParser<Employee>(path: "employees[*]") })
        #expect(outcome.error == nil)
        #expect(
            outcome.items == [
                Employee(
                    firstName: "John", lastName: "Doe", division: "Software", email: "john.doe@example.com",
                    phoneNumber: "+1 919 555 0100"),
                Employee(firstName: "Anna", lastName: "Smith", division: nil, email: "anna.smith@example.com"),
                Employee(
                    firstName: "Peter", lastName: "Jones", division: "Research", email: "peter.jones@example.com",
                    phoneNumber: "+1 919 555 0102"),
            ])
    }

    @Test func typeMismatchInItemKAfterEarlierItems() throws {
        let input = bytes(#"{"employees":[{"firstName":"A","lastName":"B"},{"firstName":"C","lastName":42}]}"#)
        let outcome = try dripFeedAll(input, make: { try JSONItemParser<Employee>(path: "employees[*]") })
        #expect(outcome.items.map(\.firstName) == ["A"])
        let error = try #require(outcome.error)
        #expect(error.kind == .typeMismatch)
        #expect(error.path == "employees[1].lastName")
        #expect(error.line == 1)
        let missing = try dripFeedAll(
            bytes(#"{"employees":[{"firstName":"A"}]}"#), make: { try JSONItemParser<Employee>(path: "employees[*]") })
        #expect(missing.error?.path == "employees[0].lastName")
    }

    @Test func paths() throws {
        let document = bytes(#"{"a":{"b":[{"c":1},{"c":2,"d":0},{"x":3}]},"a.b":"dotted","list":[[1],[2,3]]}"#)
        #expect(try JSONItemParser<Int>(path: "a.b[*].c").parseAll(document) == [1, 2])
        #expect(try JSONItemParser<String>(path: #"["a.b"]"#).parseAll(document) == ["dotted"])
        #expect(try JSONItemParser<[Int]>(path: "list[*]").parseAll(document) == [[1], [2, 3]])
        #expect(try JSONItemParser<Int>(path: "list[1][0]").parseAll(document) == [2])
        #expect(try JSONItemParser<Int>(path: "$[*]").parseAll(bytes("[5,6]")) == [5, 6])
        // An invalid path throws from init, before any input.
        let error = #expect(throws: StreamError.self) { try JSONItemParser<Int>(path: "a[") }
        #expect(error?.kind == .misuse)
    }

    @Test func datesAndNestedDecodables() throws {
        struct Event: Decodable, Sendable, Equatable {
            struct Place: Decodable, Sendable, Equatable { var name: String }
            var when: Date
            var place: Place
            var ids: [Int64]
            var score: Double?
        }
        let input = bytes(
            #"[{"when":"2012-04-23T18:25:43.511Z","place":{"name":"x"},"ids":[9007199254740993],"score":null}]"#)
        let events = try dripFeedAll(input, make: { try JSONItemParser<Event>(path: "$[*]") })
        #expect(events.error == nil)
        #expect(events.items.first?.ids == [9_007_199_254_740_993])
        #expect(events.items.first.map { DateParser.rfc3339String($0.when) } == "2012-04-23T18:25:43.511Z")
    }

    @Test func itemSizeLimit() throws {
        let limits = StreamLimits(maximumItemBytes: 40)
        let input = bytes(#"[{"a":"short"},{"a":"this one is much longer than forty bytes in total"}]"#)
        let outcome = try dripFeedAll(input, make: { try JSONItemParser<JSONValue>(path: "$[*]", options: .init(limits: limits)) })
        #expect(outcome.items.count == 1)
        #expect(outcome.error?.kind == .limitExceeded)
    }
}
