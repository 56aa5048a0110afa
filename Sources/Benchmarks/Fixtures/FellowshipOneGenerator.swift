/// Writes a Fellowship One people search: `<results count pageNumber totalRecords additionalPages>` around
/// `<person>` records with `id`/`uri`/`householdID` attributes, empty elements, zone-less dates, booleans,
/// `json:Array="true"` attributes and one to three communications each (about 2.6 KB per person).
struct FellowshipOneGenerator {
    let seed: UInt64
    static let base = "https://demo.fellowshiponeapi.com/v1"

    /// About `bytes` of people (stopping early at the sink's byte budget, for the streamed measurement).
    func search(bytes: Int, into sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        let people = bytes / 2_600 + 1
        sink.write(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <results count="\(people)" pageNumber="1" totalRecords="\(people)" additionalPages="0">

            """)
        for index in 0..<people where !sink.isFull {
            person(id: 10_000 + index, random: &random, into: &sink)
        }
        sink.write("</results>\n")
    }

    private func person(id: Int, random: inout SeededRandom, into sink: inout FixtureSink) {
        let first = random.pick(Vocabulary.firstNames)
        let last = random.pick(Vocabulary.lastNames)
        let household = id / 3
        let year = 1930 + random.below(80)
        let month = 1 + random.below(12)
        let day = 1 + random.below(28)
        let born = "\(year)-\(pad(month))-\(pad(day))T00:00:00"
        let type = 1 + random.below(3)
        var communications = ""
        for index in 0..<(1 + random.below(3)) {
            let communication = id * 10 + index
            let phone = index == 0
            let value = phone ? "615-555-\(1000 + random.below(9000))" : "\(first.lowercased()).\(id)@example.org"
            communications += """
                      <communication id="\(communication)" uri="\(Self.base)/Communications/\(communication)">
                        <household id="\(household)" uri="\(Self.base)/Households/\(household)" />
                        <person id="\(id)" uri="\(Self.base)/People/\(id)" />
                        <communicationType id="\(index + 1)" \
                        uri="\(Self.base)/Communications/CommunicationTypes/\(index + 1)">
                          <name>\(phone ? "Home Phone" : "Email")</name>
                        </communicationType>
                        <communicationGeneralType>\(phone ? "Telephone" : "Email")</communicationGeneralType>
                        <communicationValue>\(value)</communicationValue>
                        <listed>\(random.below(2) == 0 ? "true" : "false")</listed>
                        <communicationComment></communicationComment>
                        <createdDate>2008-11-\(pad(day))T14:08:12</createdDate>
                      </communication>

                """
        }
        sink.write(
            """
              <person id="\(id)" uri="\(Self.base)/People/\(id)" \
              imageURI="" oldID="" iCode="A\(id)" householdID="\(household)" oldHouseholdID="">
                <title></title>
                <salutation></salutation>
                <prefix></prefix>
                <firstName>\(first)</firstName>
                <lastName>\(last)</lastName>
                <suffix></suffix>
                <middleName></middleName>
                <goesByName>\(random.below(4) == 0 ? first : "")</goesByName>
                <formerName></formerName>
                <gender>\(random.below(2) == 0 ? "Female" : "Male")</gender>
                <dateOfBirth>\(born)</dateOfBirth>
                <maritalStatus>Married</maritalStatus>
                <householdMemberType id="\(type)" uri="\(Self.base)/People/HouseholdMemberTypes/\(type)">
                  <name>\(["Head", "Spouse", "Child"][type - 1])</name>
                </householdMemberType>
                <isAuthorized>\(random.below(2) == 0 ? "true" : "false")</isAuthorized>
                <status id="1" uri="\(Self.base)/People/Statuses/1">
                  <name>Member</name>
                  <comment></comment>
                  <date>2001-02-\(pad(day))T00:00:00</date>
                  <subStatus id="" uri="">
                    <name></name>
                  </subStatus>
                </status>
                <occupation id="" uri="">
                  <name></name>
                  <description></description>
                </occupation>
                <employer></employer>
                <barCode></barCode>
                <memberEnvelopeCode></memberEnvelopeCode>
                <attributes json:Array="true" />
                <addresses json:Array="true" />
                <communications json:Array="true">
            \(communications)    </communications>
                <lastMatchDate></lastMatchDate>
                <createdDate>2001-02-\(pad(day))T00:00:00</createdDate>
                <lastUpdatedDate>2010-04-05T10:47:33</lastUpdatedDate>
              </person>

            """)
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
