/// A Fellowship One People API answer, written the way the API writes it (after its published samples): `<person>`
/// records with `id`/`uri`/`householdID` attributes, empty elements, zone-less dates, booleans,
/// `json:Array="true"` attributes and a `<communications>` list.
///
/// The markup lives here once: the benchmark's generator fills it with seeded random values, the XMLStream tests
/// with values they then expect to decode back.
package enum FellowshipOneXML {
    /// One `<communication>` of a person.
    package typealias Communication = (value: String, listed: Bool, createdDate: String)

    package static let base = "https://demo.fellowshiponeapi.com/v1"

    /// The start of a people search answer, up to its first `<person>`; `searchEnd` closes it.
    package static func searchStart(count: Int, pageNumber: Int, totalRecords: Int, additionalPages: Int) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <results count="\(count)" pageNumber="\(pageNumber)" totalRecords="\(totalRecords)" \
        additionalPages="\(additionalPages)">

        """
    }

    package static let searchEnd = "</results>\n"

    /// One `<person>` element, indented as the API indents it inside `<results>`, ending with a newline. The first
    /// communication is the home phone, every later one an email address. Dates are zone-less, as the API writes
    /// them (`1976-08-13T00:00:00`); `dateOfBirth` may be empty.
    package static func person(
        id: Int, firstName: String, lastName: String, householdID: Int, goesByName: String, gender: String,
        dateOfBirth: String, householdMemberTypeID: Int, householdMemberTypeName: String, isAuthorized: Bool,
        statusDate: String, createdDate: String, communications: [Communication]
    ) -> String {
        var communicationElements = ""
        for (index, communication) in communications.enumerated() {
            let number = id * 10 + index
            let phone = index == 0
            communicationElements += """
                      <communication id="\(number)" uri="\(base)/Communications/\(number)">
                        <household id="\(householdID)" uri="\(base)/Households/\(householdID)" />
                        <person id="\(id)" uri="\(base)/People/\(id)" />
                        <communicationType id="\(index + 1)" \
                        uri="\(base)/Communications/CommunicationTypes/\(index + 1)">
                          <name>\(phone ? "Home Phone" : "Email")</name>
                        </communicationType>
                        <communicationGeneralType>\(phone ? "Telephone" : "Email")</communicationGeneralType>
                        <communicationValue>\(communication.value)</communicationValue>
                        <listed>\(communication.listed)</listed>
                        <communicationComment></communicationComment>
                        <createdDate>\(communication.createdDate)</createdDate>
                      </communication>

                """
        }
        return """
              <person id="\(id)" uri="\(base)/People/\(id)" \
              imageURI="" oldID="" iCode="A\(id)" householdID="\(householdID)" oldHouseholdID="">
                <title></title>
                <salutation></salutation>
                <prefix></prefix>
                <firstName>\(firstName)</firstName>
                <lastName>\(lastName)</lastName>
                <suffix></suffix>
                <middleName></middleName>
                <goesByName>\(goesByName)</goesByName>
                <formerName></formerName>
                <gender>\(gender)</gender>
                <dateOfBirth>\(dateOfBirth)</dateOfBirth>
                <maritalStatus>Married</maritalStatus>
                <householdMemberType id="\(householdMemberTypeID)" \
            uri="\(base)/People/HouseholdMemberTypes/\(householdMemberTypeID)">
                  <name>\(householdMemberTypeName)</name>
                </householdMemberType>
                <isAuthorized>\(isAuthorized)</isAuthorized>
                <status id="1" uri="\(base)/People/Statuses/1">
                  <name>Member</name>
                  <comment></comment>
                  <date>\(statusDate)</date>
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
            \(communicationElements)    </communications>
                <lastMatchDate></lastMatchDate>
                <createdDate>\(createdDate)</createdDate>
                <lastUpdatedDate>2010-04-05T10:47:33</lastUpdatedDate>
              </person>

            """
    }
}
