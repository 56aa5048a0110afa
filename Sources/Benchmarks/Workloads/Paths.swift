import JSONStream
import XMLStream

/// The selection paths of the record workloads, parsed once (they are literals: a typo is a bug of the benchmark).
enum Paths {
    static let employees = try! JSONPath("employees[*]")
    static let people = try! XMLRecordPath("results/person")
}
