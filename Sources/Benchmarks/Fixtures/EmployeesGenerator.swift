/// A WebSphere-style JSON-over-HTTP business object page: `{"employees":[{"firstName":…}, …]}`.
///
/// Each record mixes what such pages carry: strings (Latin and accented), 64-bit integers, doubles, booleans,
/// members that are `null` or missing, a nested object, an optional nested object and arrays of strings and of
/// objects.
struct EmployeesGenerator {
    let seed: UInt64

    func page(bytes: Int, into sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        let divisions = ["Sales", "Engineering", "Finance", "Operations", "Research", "Support"]
        let cities = ["Armonk", "Zürich", "São Paulo", "Boston", "München", "Austin"]
        let skills = ["swift", "sql", "cobol", "java", "db2", "mq", "rpg", "négociation", "z/OS", "python"]
        sink.write("{\"employees\":[")
        var index = 0
        while sink.bytesWritten < bytes - 400 || index == 0 {
            if index > 0 { sink.write(",") }
            let first = random.pick(Vocabulary.firstNames)
            let last = random.pick(Vocabulary.lastNames)
            let middle: String
            switch random.below(3) {
            case 0:
                let name = JSONText.quoted(random.pick(Vocabulary.firstNames), escapingNonASCII: false)
                middle = "\"middleName\":\(name),"
            case 1: middle = "\"middleName\":null,"
            default: middle = ""
            }
            sink.write(
                """
                {"firstName":\(JSONText.quoted(first, escapingNonASCII: false)),\(middle)\
                "lastName":\(JSONText.quoted(last, escapingNonASCII: false)),\
                "division":"\(random.pick(divisions))","email":"\(first.lowercased()).\(index)@example.com",\
                "phoneNumber":"+1-555-\(1000 + random.below(9000))","employeeNumber":\(4_000_000_000 + index),\
                "salary":\(30_000 + random.below(90_000)).\(random.below(100)),"active":\(random.below(5) != 0),
                """)
            if index > 0 && random.below(4) != 0 {
                let name = JSONText.quoted(random.pick(Vocabulary.lastNames), escapingNonASCII: false)
                sink.write(
                    "\"manager\":{\"employeeNumber\":\(4_000_000_000 + random.below(index)),\"lastName\":\(name)},")
            }
            sink.write(
                """
                "address":{"street":"\(1 + random.below(999)) Main Street","city":\
                \(JSONText.quoted(random.pick(cities), escapingNonASCII: false)),\
                "postalCode":"\(10000 + random.below(90000))","country":"US"},"skills":[
                """)
            for skill in 0..<(1 + random.below(4)) {
                sink.write((skill > 0 ? "," : "") + JSONText.quoted(random.pick(skills), escapingNonASCII: false))
            }
            sink.write("],\"reviews\":[")
            for review in 0..<random.below(3) {
                sink.write(
                    (review > 0 ? "," : "")
                        + "{\"year\":\(2010 + review),\"score\":\(1 + random.below(4)).\(random.below(10))}")
            }
            sink.write("]}")
            index += 1
        }
        sink.write("]}\n")
    }
}
