import XMLStream
import Testing

/// The libxml2 linked at run time must be one this package supports; shim.h checks the headers at compile time
/// (`#error` below `FEEDSTREAM_LIBXML_MINIMUM_VERSION`), this checks the library a process actually loads.
@Suite("libxml2 version")
struct LibXML2VersionTests {
    @Test("The linked libxml2 is at least the supported minimum and no older than the headers compiled against")
    func linkedVersion() {
        #expect(LibXML2Version.minimum == 20900)
        #expect(LibXML2Version.compiled >= LibXML2Version.minimum)
        #expect(LibXML2Version.linked >= LibXML2Version.minimum, "linked libxml2 \(LibXML2Version.linked)")
        // libxml2's own rule (xmlCheckVersion): same major version, and a library no older than its headers.
        #expect(LibXML2Version.linked / 10000 == LibXML2Version.compiled / 10000)
        #expect(LibXML2Version.linked / 100 >= LibXML2Version.compiled / 100)
    }
}
