import ArgumentParser
import FeedStreamServices
import Foundation

/// `feedstream f1-token`: Fellowship One's 2nd-party flow, printing the access token.
struct FellowshipOneTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "f1-token",
        abstract: "Get a Fellowship One access token with the 2nd-party flow.",
        discussion: """
            Sends a consumer-signed POST to BASE-URL/v1/PortalUser/AccessToken (WeblinkUser with --weblink) whose \
            body is base64 of "NAME PASSWORD", and prints {"token": …, "tokenSecret": …, "personURL": …}: the \
            token from the form-encoded body, the signed-in person from the Content-Location header.
            """)

    @Argument(help: ArgumentHelp("The church's API address, e.g. https://CHURCH.fellowshiponeapi.com.",
        valueName: "base-url"))
    var baseURL: String

    @Option(help: ArgumentHelp("The consumer's key and secret.", valueName: "key:secret"))
    var oauth1: String

    @Option(help: ArgumentHelp("The portal or Weblink user (split at the first colon).", valueName: "name:password"))
    var user: String

    @Flag(help: "Sign in as a Weblink user rather than a portal user.")
    var weblink = false

    func validate() throws {
        guard let url = URL(string: baseURL), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("BASE-URL must be an http:// or https:// URL")
        }
        guard oauth1.split(separator: ":", omittingEmptySubsequences: false).count == 2 else {
            throw ValidationError("--oauth1 takes KEY:SECRET")
        }
        guard RemoteOptions.basicAuthorizer(user) != nil else { throw ValidationError("--user takes NAME:PASSWORD") }
    }

    func run() async throws {
        let consumer = try RemoteOptions.oauth1Signer(oauth1)
        let colon = user.firstIndex(of: ":")!
        let service = FellowshipOneTokenService(baseURL: URL(string: baseURL)!, consumer: consumer)
        do {
            let token = try await service.accessToken(
                username: String(user[..<colon]), password: String(user[user.index(after: colon)...]),
                userType: weblink ? .weblinkUser : .portalUser)
            // Keys in the order DESIGN.md gives them (JSONEncoder keeps no order on Linux).
            var fields = [("token", token.token), ("tokenSecret", token.tokenSecret)]
            if let person = token.personURL { fields.append(("personURL", person.absoluteString)) }
            let writer = OutputWriter()
            writer.line { json in json.writeObject(fields, key: { $0.0 }) { json.writeString($0.1) } }
            writer.flush()
        } catch {
            OutputWriter.standardError("feedstream: error: \(StreamRunner.message(for: error))")
            throw ExitCode(1)
        }
    }
}
