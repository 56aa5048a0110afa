import FixtureDocuments

/// Writes a Fellowship One people search: `<results count pageNumber totalRecords additionalPages>` around
/// `<person>` records (`FellowshipOneXML`) of seeded random people with one to three communications each
/// (about 2.6 KB per person).
struct FellowshipOneGenerator {
    let seed: UInt64

    /// About `bytes` of people (stopping early at the sink's byte budget, for the streamed measurement).
    func search(bytes: Int, into sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        let people = bytes / 2_600 + 1
        sink.write(
            FellowshipOneXML.searchStart(
                count: people, pageNumber: 1, totalRecords: people, additionalPages: 0))
        for index in 0..<people where !sink.isFull {
            person(id: 10_000 + index, random: &random, into: &sink)
        }
        sink.write(FellowshipOneXML.searchEnd)
    }

    private func person(id: Int, random: inout SeededRandom, into sink: inout FixtureSink) {
        // The draws keep the order the fixture was first written in, so the same seed writes the same bytes.
        let first = random.pick(Vocabulary.firstNames)
        let last = random.pick(Vocabulary.lastNames)
        let household = id / 3
        let year = 1930 + random.below(80)
        let month = 1 + random.below(12)
        let day = 1 + random.below(28)
        let type = 1 + random.below(3)
        var communications: [FellowshipOneXML.Communication] = []
        for index in 0..<(1 + random.below(3)) {
            let value = index == 0 ? "615-555-\(1000 + random.below(9000))" : "\(first.lowercased()).\(id)@example.org"
            let listed = random.below(2) == 0
            communications.append((value: value, listed: listed, createdDate: "2008-11-\(pad(day))T14:08:12"))
        }
        let goesByName = random.below(4) == 0 ? first : ""
        let gender = random.below(2) == 0 ? "Female" : "Male"
        let person = FellowshipOneXML.person(
            id: id, firstName: first, lastName: last, householdID: household, goesByName: goesByName, gender: gender,
            dateOfBirth: "\(year)-\(pad(month))-\(pad(day))T00:00:00", householdMemberTypeID: type,
            householdMemberTypeName: ["Head", "Spouse", "Child"][type - 1], isAuthorized: random.below(2) == 0,
            statusDate: "2001-02-\(pad(day))T00:00:00", createdDate: "2001-02-\(pad(day))T00:00:00",
            communications: communications)
        sink.write(person)
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
