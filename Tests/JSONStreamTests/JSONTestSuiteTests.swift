import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

/// nst/JSONTestSuite `test_parsing`: every `y_` accepted with the value a reference reader sees, every `n_`
/// rejected, every `i_` handled as the README documents — in every chunking.
@Suite struct JSONTestSuiteTests {
    /// The `i_` files we accept; every other `i_` file is rejected with a positioned error.
    static let acceptedImplementationDefined: Set<String> = [
        "i_structure_500_nested_arrays.json",  // below the default depth limit of 512
        "i_structure_UTF-8_BOM_empty_object.json",  // a leading UTF-8 byte order mark is ignored
    ]

    static func files(_ prefix: String) -> [URL]? {
        guard let directory = Corpus.directory("json-test-suite/test_parsing") else { return nil }
        return Corpus.files(in: directory, extensions: ["json"]).filter { $0.lastPathComponent.hasPrefix(prefix) }
    }

    static func run(_ input: [UInt8]) throws -> (items: [JSONValue], error: StreamError?) {
        try dripFeedAll(input, make: { try JSONItemParser<JSONValue>(path: "$") })
    }

    @Test(.corpus("json-test-suite/test_parsing")) func acceptsEveryY() throws {
        guard let files = Self.files("y_") else { return }
        var accepted = 0
        var compared = 0
        for file in files {
            let input = try Corpus.bytes(file)
            let outcome = try Self.run(input)
            guard outcome.error == nil, outcome.items.count == 1 else {
                Issue.record("\(file.lastPathComponent) rejected: \(String(describing: outcome.error))")
                continue
            }
            accepted += 1
            if let reference = try? JSONSerialization.jsonObject(with: Data(input), options: .fragmentsAllowed) {
                compared += 1
                #expect(Self.same(outcome.items[0], reference), "\(file.lastPathComponent): \(outcome.items[0])")
            }
        }
        print("JSONTestSuite y_: \(accepted)/\(files.count) accepted, \(compared) compared with JSONSerialization")
        #expect(files.count == 95)
        #expect(accepted == files.count)
    }

    @Test(.corpus("json-test-suite/test_parsing")) func rejectsEveryN() throws {
        guard let files = Self.files("n_") else { return }
        var rejected = 0
        for file in files {
            let outcome = try Self.run(try Corpus.bytes(file))
            if let error = outcome.error {
                rejected += 1
                #expect(error.line >= 1 && error.column >= 1, "\(file.lastPathComponent) error is not positioned")
            } else {
                Issue.record("\(file.lastPathComponent) accepted")
            }
        }
        print("JSONTestSuite n_: \(rejected)/\(files.count) rejected")
        #expect(files.count == 188)
        #expect(rejected == files.count)
    }

    @Test(.corpus("json-test-suite/test_parsing")) func implementationDefinedAsDocumented() throws {
        guard let files = Self.files("i_") else { return }
        var accepted: [String] = []
        var rejected: [String] = []
        for file in files {
            let name = file.lastPathComponent
            let outcome = try Self.run(try Corpus.bytes(file))
            if let error = outcome.error {
                rejected.append(name)
                #expect(error.line >= 1, "\(name)")
                #expect(!Self.acceptedImplementationDefined.contains(name), "\(name) rejected: \(error)")
            } else {
                accepted.append(name)
                #expect(Self.acceptedImplementationDefined.contains(name), "\(name) accepted")
            }
        }
        let acceptedNames = accepted.joined(separator: ", ")
        print("JSONTestSuite i_: \(accepted.count) accepted (\(acceptedNames)), \(rejected.count) rejected")
        #expect(files.count == 35)
    }

    /// Compares with a JSONSerialization reading: numbers by value, objects by member (last duplicate wins).
    static func same(_ value: JSONValue, _ reference: Any) -> Bool {
        switch value {
        case .null:
            return reference is NSNull
        case .bool(let flag):
            return (reference as? Bool) == flag
        case .integer, .unsignedInteger, .double:
            guard let number = reference as? NSNumber else { return false }
            if case .integer(let integer) = value, let exact = Int64(exactly: number.doubleValue),
                abs(integer) < 1 << 53
            {
                return exact == integer
            }
            // NSDecimalNumber.doubleValue is not correctly rounded; its decimal text is exact.
            return (Double(number.stringValue) ?? number.doubleValue) == value.doubleValue
        case .string(let text):
            return (reference as? String) == text
        case .array(let elements):
            guard let array = reference as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let dictionary = reference as? [String: Any] else { return false }
            var last: [String: JSONValue] = [:]
            for member in members { last[member.key] = member.value }
            guard last.count == dictionary.count else { return false }
            return last.allSatisfy { key, value in dictionary[key].map { same(value, $0) } ?? false }
        }
    }
}
