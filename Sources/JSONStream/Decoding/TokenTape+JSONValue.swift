extension TokenTape {
    /// Why a number has no exact ``JSONValue``.
    struct NumberOutOfRange: Error {
        var text: String
    }

    /// Builds the untyped value starting at `index`, without going through `Decoder`.
    func jsonValue(at index: Int) throws(NumberOutOfRange) -> JSONValue {
        let token = self[index]
        switch token.kind {
        case .null: return .null
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .string: return .string(string(index))
        case .number:
            let value: JSONValue? = withText(index) { text in
                if JSONNumberText.isInteger(text) {
                    if let integer = JSONNumberText.int64(text) { return .integer(integer) }
                    if let integer = JSONNumberText.uint64(text) { return .unsignedInteger(integer) }
                    return nil
                }
                return JSONNumberText.double(text).map(JSONValue.double)
            }
            guard let value else { throw NumberOutOfRange(text: string(index)) }
            return value
        case .arrayStart:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(token.second))
            var child = index + 1
            let end = Int(token.first)
            while child < end {
                elements.append(try jsonValue(at: child))
                child = next(after: child)
            }
            return .array(elements)
        case .objectStart:
            var members: [JSONMember] = []
            members.reserveCapacity(Int(token.second))
            var child = index + 1
            let end = Int(token.first)
            while child < end {
                let name = string(child)
                members.append(JSONMember(key: name, value: try jsonValue(at: child + 1)))
                child = next(after: child + 1)
            }
            return .object(members)
        case .key, .objectEnd, .arrayEnd:
            preconditionFailure("a value cannot start with \(token.kind)")
        }
    }
}
