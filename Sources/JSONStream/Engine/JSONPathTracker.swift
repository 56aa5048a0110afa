/// Keeps the path of the value being read (`results[3].user.id`) so that every error can name it.
///
/// Most member names are never part of a reported path, so a name is first only remembered where yajl reported
/// it: in the input being parsed, which stays valid until `yajl_parse` returns. It is copied into one reused
/// buffer only when it must outlive that — a container starts under it (``pushObject()`` / ``pushArray()``),
/// the parse call ends (``settle()``), or yajl reported it from its own buffer, which the next string reuses.
/// A `String` is only made when an error is reported.
struct JSONPathTracker {
    private struct Frame {
        var isArray: Bool
        /// For arrays, the number of elements started so far.
        var count: Int
        /// For objects, the current member name in `names` (when it is not `pendingName`).
        var nameStart: Int
        var nameEnd: Int
    }

    private var frames: [Frame] = []
    /// Member names of the enclosing objects; only `names[..<namesEnd]` is in use, so the buffer never shrinks
    /// and a name is copied in with one `memcpy`.
    private var names = [UInt8](repeating: 0, count: 1024)
    private var namesEnd = 0
    /// The innermost object's current member name, while it still lies in the input being parsed.
    private var pendingName = UnsafeRawBufferPointer(start: nil, count: 0)
    private var hasPendingName = false

    init() {
        frames.reserveCapacity(64)
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
        settle()
        frames.append(Frame(isArray: false, count: 0, nameStart: namesEnd, nameEnd: namesEnd))
    }

    mutating func pushArray() {
        settle()
        frames.append(Frame(isArray: true, count: 0, nameStart: namesEnd, nameEnd: namesEnd))
    }

    mutating func pop() {
        hasPendingName = false
        if let frame = frames.popLast() {
            namesEnd = frame.nameStart
        }
    }

    /// A member name; `stable` when its bytes stay valid until the current parse call returns.
    @inline(__always)
    mutating func key(_ name: UnsafeRawBufferPointer, stable: Bool) {
        pendingName = name
        hasPendingName = true
        if !stable { settle() }
    }

    /// Copies a member name that is still only remembered by its place in the input.
    mutating func settle() {
        guard hasPendingName else { return }
        hasPendingName = false
        let last = frames.count - 1
        guard last >= 0 else { return }
        let start = frames[last].nameStart
        let end = start + pendingName.count
        if end > names.count { names += repeatElement(0, count: max(end - names.count, names.count)) }
        if let source = pendingName.baseAddress {
            names.withUnsafeMutableBytes { buffer in
                (buffer.baseAddress! + start).copyMemory(from: source, byteCount: end - start)
            }
        }
        namesEnd = end
        frames[last].nameEnd = end
    }

    /// The path in the syntax `JSONItemParser` accepts, `$` for the root.
    func render() -> String {
        var text = ""
        for (index, frame) in frames.enumerated() {
            if frame.isArray {
                if frame.count > 0 { text += "[\(frame.count - 1)]" }
            } else if index == frames.count - 1 && hasPendingName {
                if !pendingName.isEmpty {
                    text += Self.component(String(decoding: pendingName, as: UTF8.self), first: text.isEmpty)
                }
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
