import FeedStreamNetworking
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTP Basic, as the Jive and Connections clients send it")
struct HTTPBasicAuthorizerTests {
    @Test("RFC 7617's UTF-8 example: test / 123£")
    func rfc7617Example() throws {
        let request = try URLRequest(url: URL(string: "https://jive.example.com/api/core/v3/people/@me")!)
            .authorized(by: HTTPBasicAuthorizer(username: "test", password: "123£"))
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Basic dGVzdDoxMjPCow==")
    }

    @Test("The password never appears in the description")
    func descriptionHidesPassword() {
        let authorizer = HTTPBasicAuthorizer(username: "jdoe", password: "s3cret-pass")
        #expect(!String(describing: authorizer).contains("s3cret"))
        #expect(String(describing: authorizer).contains("jdoe"))
    }

    @Test("No authorizer leaves the request as it was")
    func noAuthorizer() throws {
        let request = try URLRequest(url: URL(string: "https://example.com/")!).authorized(by: nil)
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }
}
