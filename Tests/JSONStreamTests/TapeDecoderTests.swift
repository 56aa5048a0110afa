import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

/// A record with every shape the tape decoder reads by a separate route: primitives, optionals (null or
/// missing), nested objects, arrays of scalars, objects, optionals and arrays, and a single-value enum.
private struct Staff: Codable, Sendable, Equatable {
    enum Grade: String, Codable, Sendable { case junior, senior }

    struct Address: Codable, Sendable, Equatable {
        var street: String
        var city: String
        var postalCode: String?
    }

    struct Review: Codable, Sendable, Equatable {
        var year: Int16
        var score: Float
        var notes: [String]?
    }

    var name: String
    var nickname: String?
    var number: Int64
    var badge: UInt64
    var floor: Int8
    var salary: Double
    var bonus: Double?
    var active: Bool
    var remote: Bool?
    var grade: Grade
    var address: Address
    var previous: Address?
    var skills: [String]
    var reviews: [Review]
    var shifts: [[Int]]
    var ratings: [Int?]
    var extra: JSONValue?
}

@Suite struct TapeDecoderTests {
    static let staffPage = #"""
        {"staff":[
          {"name":"Zoë","number":9007199254740993,"badge":18446744073709551615,"floor":-3,"salary":1234.5,
           "active":true,"grade":"senior","address":{"street":"1 Main","city":"Zürich","postalCode":"8001"},
           "skills":["swift","z\/OS","日本語"],"reviews":[{"year":2015,"score":4.5,"notes":["a","b"]},
           {"year":2016,"score":3}],"shifts":[[1,2],[],[3]],"ratings":[5,null,3],"extra":{"k":[1,"x",null]}},
          {"name":"Amy","nickname":null,"number":-1,"badge":0,"floor":0,"salary":0,"bonus":null,"active":false,
           "remote":true,"grade":"junior","address":{"street":"2 Side","city":"Boston","postalCode":null},
           "previous":{"street":"9 Old","city":"Armonk"},"skills":[],"reviews":[],"shifts":[],"ratings":[],
           "extra":null,"ignored":{"deep":[{"x":1}]}}
        ],"total":2}
        """#

    @Test func decodesLikeJSONDecoder() throws {
        struct Page: Decodable { var staff: [Staff] }
        let expected = try JSONDecoder().decode(Page.self, from: Data(Self.staffPage.utf8)).staff
        let outcome = try dripFeedAll(
            bytes(Self.staffPage), chunkings: [[], Array(1..<Self.staffPage.utf8.count)],
            make: { try JSONItemParser<Staff>(path: "staff[*]") })
        #expect(outcome.error == nil)
        #expect(outcome.items == expected)
        #expect(outcome.items.count == 2)
        #expect(outcome.items.first?.number == 9_007_199_254_740_993)
        #expect(outcome.items.last?.previous == Staff.Address(street: "9 Old", city: "Armonk", postalCode: nil))
    }

    @Test func lastDuplicateMemberWins() throws {
        let input = bytes(#"[{"street":"a","city":"x","street":"b"},{"city":"y","street":"c","city":"z"}]"#)
        let addresses = try JSONItemParser<Staff.Address>(path: "$[*]").parseAll(input)
        #expect(addresses.map(\.street) == ["b", "c"])
        #expect(addresses.map(\.city) == ["x", "z"])
    }

    /// Errors name the member or element that failed, however deep.
    @Test(arguments: [
        (#"{"street":"a","city":1}"#, "$[0].city", StreamError.Kind.typeMismatch),
        (#"{"street":"a"}"#, "$[0].city", .typeMismatch),
        (#"{"street":"a","city":"b","postalCode":7}"#, "$[0].postalCode", .typeMismatch),
    ])
    func addressErrors(member: String, path: String, kind: StreamError.Kind) throws {
        let outcome = try dripFeedAll(
            bytes("[\(member)]"), make: { try JSONItemParser<Staff.Address>(path: "$[*]") })
        #expect(outcome.items.isEmpty)
        #expect(outcome.error?.kind == kind)
        #expect(outcome.error?.path == path)
    }

    @Test func nestedErrorPaths() throws {
        struct Review: Decodable, Sendable, Equatable {
            var year: Int16
            var score: Double
        }
        struct Person: Decodable, Sendable, Equatable {
            var skills: [String]
            var reviews: [Review]
        }
        let cases: [(String, String)] = [
            (#"{"skills":["a","b",3],"reviews":[]}"#, "people[1].skills[2]"),
            (#"{"skills":[],"reviews":[{"year":1,"score":2},{"year":2,"score":"x"}]}"#, "people[1].reviews[1].score"),
            (#"{"skills":[],"reviews":[{"year":1,"score":2},{"year":70000,"score":1}]}"#, "people[1].reviews[1].year"),
            (#"{"skills":[],"reviews":[{"year":1}]}"#, "people[1].reviews[0].score"),
            (#"{"skills":{},"reviews":[]}"#, "people[1].skills"),
        ]
        for (second, path) in cases {
            let input = bytes(#"{"people":[{"skills":["x"],"reviews":[]},"# + second + "]}")
            let outcome = try dripFeedAll(input, make: { try JSONItemParser<Person>(path: "people[*]") })
            #expect(outcome.items == [Person(skills: ["x"], reviews: [])], "\(second)")
            #expect(outcome.error?.kind == .typeMismatch, "\(second)")
            #expect(outcome.error?.path == path, "\(second)")
        }
    }

    /// Coding paths seen by hand-written `init(from:)` code at every depth, and the container operations such
    /// code uses.
    @Test func handWrittenContainers() throws {
        let input = bytes(#"[{"id":7,"tags":["a",null,"c"],"meta":{"x":1,"y":[true]},"sup":{"v":"s"}}]"#)
        let records = try JSONItemParser<Probe>(path: "$[*]").parseAll(input)
        let probe = try #require(records.first)
        #expect(probe.id == 7)
        #expect(probe.keys == ["id", "meta", "sup", "tags"])
        #expect(probe.tags == ["a", nil, "c"])
        #expect(probe.tagCount == 3)
        #expect(probe.x == 1 && probe.y == [true])
        #expect(probe.superValue == "s")
        #expect(probe.paths == ["", "tags", "meta", "meta.y", "sup", "tags.2"])
        #expect(probe.hasMissing == false)
    }

    /// Strings of every short length, differing only in their last byte, multi-byte characters and enough
    /// distinct values to evict cached ones come back exactly, each time they repeat.
    @Test func repeatedShortStrings() throws {
        var values: [String] = []
        let alphabet = Array("abcdefghijklmnopq")
        for length in 1...17 {
            let stem = String(alphabet[0..<length - 1])
            values += [stem + "x", stem + "y", stem + "é", String(repeating: "日", count: length / 3 + 1)]
        }
        values += (0..<600).map { "v\($0)" }
        let page = values + values.reversed() + values
        let input = try JSONEncoder().encode([page, page])
        let decoded = try JSONItemParser<[String]>(path: "$[*]").parseAll(Array(input))
        #expect(decoded == [page, page])
    }

    /// A container kept while nested values are decoded still reads its own object's members.
    @Test func containerKeptAcrossNestedDecoding() throws {
        let input = bytes(#"[{"a":{"a":{"a":1,"b":2},"b":3},"b":4}]"#)
        let values = try JSONItemParser<Nest>(path: "$[*]").parseAll(input)
        #expect(values == [Nest(sum: 10)])
    }

    /// A container kept past its item (misuse, but possible) reads whatever the next item recorded, or throws;
    /// it never reads outside the decoder's lists.
    @Test func containerKeptPastItsItem() throws {
        let input = bytes(#"[{"a":1,"b":{"c":[1,2,3]}},{"a":2},{"zz":3},{"b":[1,2,3,4,5,6,7,8],"a":4},{"q":1,"r":2}]"#)
        let values = try JSONItemParser<Keeper>(path: "$[*]").parseAll(input)
        #expect(values.map(\.a) == [1, 2, 0, 4, 0])
    }
}

/// Keeps its container and reads member `a` from the previous item's container too.
private struct Keeper: Decodable, Sendable {
    enum Keys: String, CodingKey { case a, b }
    nonisolated(unsafe) static var kept: KeyedDecodingContainer<Keys>?
    var a: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        _ = try? Self.kept?.decode(Int.self, forKey: .a)
        _ = try? Self.kept?.nestedContainer(keyedBy: Keys.self, forKey: .b)
        _ = Self.kept?.allKeys
        a = (try? container.decode(Int.self, forKey: .a)) ?? 0
        Self.kept = container
    }
}

/// Reads its members by hand, recording the coding paths it sees.
private struct Probe: Decodable, Sendable {
    enum Keys: String, CodingKey { case id, tags, meta, sup, missing, x, y, v }

    var id: Int
    var keys: [String]
    var tags: [String?] = []
    var tagCount: Int?
    var x = 0
    var y: [Bool] = []
    var superValue = ""
    var paths: [String] = []
    var hasMissing = true

    init(from decoder: any Decoder) throws {
        func text(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        let container = try decoder.container(keyedBy: Keys.self)
        paths.append(text(container.codingPath))
        id = try container.decode(Int.self, forKey: .id)
        keys = container.allKeys.map(\.stringValue).sorted()
        hasMissing = container.contains(.missing)
        var tags = try container.nestedUnkeyedContainer(forKey: .tags)
        paths.append(text(tags.codingPath))
        tagCount = tags.count
        let meta = try container.nestedContainer(keyedBy: Keys.self, forKey: .meta)
        paths.append(text(meta.codingPath))
        x = try meta.decode(Int.self, forKey: .x)
        var flags = try meta.nestedUnkeyedContainer(forKey: .y)
        paths.append(text(flags.codingPath))
        while !flags.isAtEnd { y.append(try flags.decode(Bool.self)) }
        let sup = try container.superDecoder(forKey: .sup)
        paths.append(text(sup.codingPath))
        superValue = try sup.container(keyedBy: Keys.self).decode(String.self, forKey: .v)
        while !tags.isAtEnd {
            if try tags.decodeNil() {
                self.tags.append(nil)
            } else if tags.currentIndex == 2 {
                let element = try tags.superDecoder()
                paths.append(text(element.codingPath))
                self.tags.append(try element.singleValueContainer().decode(String.self))
            } else {
                self.tags.append(try tags.decode(String.self))
            }
        }
    }
}

/// Sums `a` and `b` down a chain of objects, reading `b` only after the nested `a` has been decoded.
private struct Nest: Decodable, Sendable, Equatable {
    enum Keys: String, CodingKey { case a, b }
    var sum: Int

    init(sum: Int) { self.sum = sum }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let number = try? container.decode(Int.self, forKey: .a) {
            sum = number
        } else {
            sum = try container.decode(Nest.self, forKey: .a).sum
        }
        sum += try container.decode(Int.self, forKey: .b)
    }
}
