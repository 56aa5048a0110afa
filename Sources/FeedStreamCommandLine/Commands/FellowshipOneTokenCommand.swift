import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `feedstream f1-token`: Fellowship One's 2nd-party flow, printing the access token.
package struct FellowshipOneTokenCommand: AlwaysFetchingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "f1-token",
        abstract: "Get a Fellowship One access token with the 2nd-party flow.",
        discussion: """
            Sends a consumer-signed POST to BASE-URL/v1/PortalUser/AccessToken (WeblinkUser with --weblink) whose \
            body is base64 of "NAME PASSWORD", and prints {"token": …, "tokenSecret": …, "personURL": …}: the \
            token from the form-encoded body, the signed-in person from the Content-Location header.
            """)

    @Argument(help: ArgumentHelp("The church's API address, e.g. https://CHURCH.fellowshiponeapi.com.",
        valueName: "base-url"))
    package var baseURL: String

    @Option(help: ArgumentHelp("The consumer's key and secret.", valueName: "key:secret"))
    package var oauth1: String

    @Option(help: ArgumentHelp("The portal or Weblink user (split at the first colon).", valueName: "name:password"))
    package var user: String

    @Flag(help: "Sign in as a Weblink user rather than a portal user.")
    package var weblink = false

    package func validate() throws {
        guard let url = URL(string: baseURL), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ValidationError("BASE-URL must be an http:// or https:// URL")
        }
        guard oauth1.split(separator: ":", omittingEmptySubsequences: false).count == 2 else {
            throw ValidationError("--oauth1 takes KEY:SECRET")
        }
        guard RemoteOptions.basicCredentials(user) != nil else { throw ValidationError("--user takes NAME:PASSWORD") }
    }

    package init() {}

}
