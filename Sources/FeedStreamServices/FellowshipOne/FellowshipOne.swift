import Foundation

/// Fellowship One (the church management system's REST API, `https://CHURCHCODE.fellowshiponeapi.com/v1/…`):
/// its addresses and user kinds. ``FellowshipOneTokenService`` gets the tokens; ``OAuth1Signer`` signs every
/// call with them.
public enum FellowshipOne {
    /// The two kinds of people who can sign in to get a token.
    public enum UserType: String, Sendable, Hashable, Codable, CaseIterable {
        /// A church staff member of the Fellowship One portal: `/v1/PortalUser/…`.
        case portalUser = "PortalUser"
        /// A church member of Weblink, the member-facing site: `/v1/WeblinkUser/…`.
        case weblinkUser = "WeblinkUser"
    }

    /// `https://CHURCHCODE.fellowshiponeapi.com`, or `https://CHURCHCODE.staging.fellowshiponeapi.com` for the
    /// staging environment; `nil` when `churchCode` is not a valid host label (letters, digits and `-`).
    public static func baseURL(churchCode: String, staging: Bool = false) -> URL? {
        let isLabel = churchCode.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-")
        }
        guard isLabel, !churchCode.isEmpty, churchCode.count <= 63 else { return nil }
        return URL(string: "https://\(churchCode.lowercased())\(staging ? ".staging" : "").fellowshiponeapi.com")
    }
}
