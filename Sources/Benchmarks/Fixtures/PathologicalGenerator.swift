/// Inputs built to make a push parser re-scan: one huge token delivered in small chunks.
enum PathologicalGenerator {
    /// An Atom feed whose single entry's content is one CDATA section of `size` bytes, followed by a small
    /// entry that must still come out.
    static func atomCDATA(size: Int, into sink: inout FixtureSink) {
        sink.write("<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>big</id><content type=\"html\"><![CDATA[")
        fill(
            size, repeating: "<p>CDATA payload line with markup & ampersands, kept verbatim</p>\n", padding: "x", &sink)
        sink.write("]]></content></entry><entry><id>after</id></entry></feed>\n")
    }

    /// A JSON document whose one value is a string of `size` bytes, inside an employees page so
    /// JSONItemParser has an item to return after it.
    static func jsonString(size: Int, into sink: inout FixtureSink) {
        sink.write("{\"employees\":[{\"firstName\":\"")
        fill(size, repeating: "long string payload with \\\"escapes\\\" and \\u00e9 ", padding: "y", &sink)
        sink.write("\",\"lastName\":\"L\"},{\"firstName\":\"after\",\"lastName\":\"A\"}]}\n")
    }

    /// Writes exactly `size` bytes: `block` as many whole times as fit, then `padding` bytes.
    private static func fill(_ size: Int, repeating block: String, padding: Character, _ sink: inout FixtureSink) {
        let bytes = Array(block.utf8)
        var written = 0
        while written + bytes.count <= size {
            sink.write(bytes: bytes)
            written += bytes.count
        }
        sink.write(bytes: [UInt8](repeating: padding.asciiValue!, count: size - written))
    }
}
