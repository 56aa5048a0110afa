import FeedStreamCommandLine
import FeedStreamServices
import Foundation

extension FellowshipOneTokenCommand: NetworkCommand {
    func runOverNetwork() async throws {
        let consumer = try RemoteOptions.oauth1Signer(oauth1)
        let credentials = RemoteOptions.basicCredentials(user)!
        let service = FellowshipOneTokenService(baseURL: URL(string: baseURL)!, consumer: consumer)
        let writer = OutputWriter()
        do {
            let token = try await service.accessToken(
                username: credentials.name, password: credentials.password,
                userType: weblink ? .weblinkUser : .portalUser)
            // Keys in the order DESIGN.md gives them (JSONEncoder keeps no order on Linux).
            var fields = [("token", token.token), ("tokenSecret", token.tokenSecret)]
            if let person = token.personURL { fields.append(("personURL", person.absoluteString)) }
            writer.line { json in json.writeObject(fields, key: { $0.0 }) { json.writeString($0.1) } }
            writer.flush()
        } catch {
            throw writer.failure(error)
        }
    }
}
