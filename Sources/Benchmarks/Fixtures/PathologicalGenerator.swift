/// Inputs built to make a push parser re-scan: one huge token delivered in small chunks.
enum PathologicalGenerator {
    /// An Atom feed whose single entry's content is one CDATA section of `size` bytes, followed by a small
    /// entry that must still come out.
    static func atomCDATA(size: Int, into sink: inout FixtureSink) {
        sink.write("<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><id>big</id><content type=\"html\"><![CDATA[")
        let line = Array("<p>CDATA payload line with markup & ampersands, kept verbatim</p>\n".utf8)
        var written = 0
        while written + line.count <= size {
            sink.write(bytes: line)
            written += line.count
        }
        sink.write(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: size - written))
        sink.write("]]></content></entry><entry><id>after</id></entry></feed>\n")
    }
}
