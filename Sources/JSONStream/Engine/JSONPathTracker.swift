/// Keeps the path of the value being read (`results[3].user.id`) so that every error can name it.
///
/// Member names are copied as bytes into one reused buffer; a `String` is only made when an error is reported.
struct JSONPathTracker {
    private struct Frame {
        var isArray: Bool
        /// For arrays, the number of elements started so far.
        var count: Int
        /// For objects, the current member name in `names`.
        var nameStart: Int
        var nameEnd: Int
    }

    private var frames: [Frame] = []
    private var names: [UInt8] = []

    init() {
        frames.reserveCapacity(64)
        names.reserveCapacity(1024)
    }

    var depth: Int { frames.count }

    /// A value starts: inside an array it is the next element.
    @inline(__always)
    mutating func valueStarts() {
        let last = frames.count - 1
        if last >= 0 && frames[last].isArray {
            frames[last].count += 1
        }
    }

    mutating func pushObject() {
        frames.append(Frame(isArray: false, count: 0, nameStart: names.count, nameEnd: names.count))
    }

    mutating func pushArray() {
        frames.append(Frame(isArray: true, count: 0, nameStart: names.count, nameEnd: names.count))
    }

    mutating func pop() {
        if let frame = frames.popLast() {
            names.removeSubrange(frame.nameStart...)
        }
    }

    mutating func key(_ name: UnsafeRawBufferPointer) {
        let last = frames.count - 1
        guard last >= 0 else { return }
        let start = frames[last].nameStart
        names.removeSubrange(start...)
        names.append(contentsOf: name)
        frames[last].nameEnd = names.count
    }

    /// The path in the syntax `JSONItemParser` accepts, `$` for the root.
    func render() -> String {
        var text = ""
        for frame in frames {
            if frame.isArray {
                if frame.count > 0 { text += "[\(frame.count - 1)]" }
            } else if frame.nameEnd > frame.nameStart {
                let name = String(decoding: names[frame.nameStart..<frame.nameEnd], as: UTF8.self)
                text += Self.component(name, first: text.isEmpty)
            }
        }
        return text.isEmpty || text.hasPrefix("[") ? "$" + text : text
    }

    /// `.name`, or `["a.b"]` when the name would not read back as one member.
    static func component(_ name: String, first: Bool) -> String {
        let plain =
            !name.isEmpty
            && name.utf8.allSatisfy { byte in
                byte == 0x5F || byte == 0x2D || byte == 0x24 || byte == 0x40 || byte == 0x3A || byte >= 0x80
                    || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
            }
        if plain { return first ? name : "." + name }
        var escaped = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "[\"" + escaped + "\"]"
    }
}
