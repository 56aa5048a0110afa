/// A WebSphere-style JSON-over-HTTP business object page: `{"employees":[{"firstName":…}, …]}`.
struct EmployeesGenerator {
    let seed: UInt64

    func page(bytes: Int, into sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        let divisions = ["Sales", "Engineering", "Finance", "Operations", "Research", "Support"]
        sink.write("{\"employees\":[")
        var index = 0
        while sink.bytesWritten < bytes - 200 || index == 0 {
            if index > 0 { sink.write(",") }
            let first = random.pick(Vocabulary.firstNames)
            let last = random.pick(Vocabulary.lastNames)
            sink.write(
                """
                {"firstName":\(JSONText.quoted(first, escapingNonASCII: false)),"lastName":\(JSONText.quoted(last, escapingNonASCII: false)),\
                "division":"\(random.pick(divisions))","email":"\(first.lowercased()).\(index)@example.com",\
                "phoneNumber":"+1-555-\(1000 + random.below(9000))","employeeNumber":\(100_000 + index),\
                "salary":\(30_000 + random.below(90_000)).\(random.below(100)),"active":\(random.below(5) != 0)}
                """)
            index += 1
        }
        sink.write("]}\n")
    }
}
