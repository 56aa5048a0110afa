import Foundation

/// Recognises the fault documents WebSphere JSON-over-HTTP services answer with instead of data.
///
/// A root object with any of these members is a fault:
/// - `faultCode` / `faultString` (also lower-case `faultcode` / `faultstring`, as the SOAP-derived bindings
///   write them), and a `fault` object holding them;
/// - `error`: a string, or an object whose `message` (or `errorMessage`, `description`) says what went wrong;
/// - `exception`: a string, or an object with a `message` (Java exceptions serialized by the JSON binding).
///
/// The message of the resulting `StreamError` (kind `.serviceError`) is the service's own, prefixed with
/// `WebSphere fault` and the code when there is one; the code and the message are also its `serviceCode` and
/// `serviceMessage`.
public enum WebSphereFault {
    /// The service error `body` holds, or `nil` when it is not a fault document.
    public static func serviceError(in body: [UInt8]) -> StreamError? {
        guard let document = try? JSONItemParser<JSONValue>(path: .root).parseAll(body).first else { return nil }
        return serviceError(in: document)
    }

    /// The service error a decoded document holds, or `nil`.
    public static func serviceError(in document: JSONValue) -> StreamError? {
        if let fault = document["fault"], case .object = fault, let error = serviceError(in: fault) { return error }
        let code = text(document["faultCode"] ?? document["faultcode"])
        let reason = text(document["faultString"] ?? document["faultstring"])
        if code != nil || reason != nil {
            return fault(code: code, message: reason)
        }
        for name in ["error", "exception"] {
            guard let value = document[name], value != .null else { continue }
            if let message = value.stringValue { return fault(code: nil, message: message) }
            let message = text(value["message"] ?? value["errorMessage"] ?? value["description"])
            let code = text(value["code"] ?? value["errorCode"] ?? value["class"] ?? value["status"])
            return fault(code: code, message: message)
        }
        return nil
    }

    private static func fault(code: String?, message: String?) -> StreamError {
        StreamError(service: "WebSphere fault", code: code, message: message)
    }

    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .integer(let number)?: String(number)
        default: nil
        }
    }
}
