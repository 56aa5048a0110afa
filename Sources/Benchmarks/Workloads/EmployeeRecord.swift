/// The user-defined record of the WebSphere-style page, decoded by both JSONItemParser and JSONDecoder: strings,
/// a 64-bit integer, a double, a boolean, optionals (`null` or missing), nested objects and arrays.
struct EmployeeRecord: Decodable, Sendable {
    struct Manager: Decodable, Sendable {
        var employeeNumber: Int64
        var lastName: String
    }

    struct Address: Decodable, Sendable {
        var street: String
        var city: String
        var postalCode: String
        var country: String?
    }

    struct Review: Decodable, Sendable {
        var year: Int
        var score: Double
    }

    var firstName: String
    var middleName: String?
    var lastName: String
    var division: String
    var email: String
    var phoneNumber: String
    var employeeNumber: Int64
    var salary: Double
    var active: Bool
    var manager: Manager?
    var address: Address
    var skills: [String]
    var reviews: [Review]

    /// Reads every field, so a decoder that deferred work to first access would pay for it in the measurement.
    var fieldDigest: Int {
        var digest = firstName.utf8.count &+ (middleName?.utf8.count ?? 0) &+ lastName.utf8.count
        digest &+= division.utf8.count &+ email.utf8.count &+ phoneNumber.utf8.count
        digest &+= Int(truncatingIfNeeded: employeeNumber) &+ Int(salary) &+ (active ? 1 : 0)
        if let manager { digest &+= Int(truncatingIfNeeded: manager.employeeNumber) &+ manager.lastName.utf8.count }
        digest &+= address.street.utf8.count &+ address.city.utf8.count &+ address.postalCode.utf8.count
        digest &+= address.country?.utf8.count ?? 0
        for skill in skills { digest &+= skill.utf8.count }
        for review in reviews { digest &+= review.year &+ Int(review.score) }
        return digest
    }
}
