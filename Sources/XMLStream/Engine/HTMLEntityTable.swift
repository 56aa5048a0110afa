private import CLibXML2

/// HTML 4's named character entities (`&eacute;`, `&nbsp;`, … — the 253 names libxml2's HTML parser knows) as
/// libxml2 entities, for documents such as Netscape RSS 0.91 that use them without a DTD we would ever load.
///
/// One table per parser, made on first use of each name and freed with the parser, so libxml2 never shares an
/// entity between threads. In content an entity is marked *predefined*, which makes libxml2 hand its text to the
/// characters callback as it does `&amp;`, with none of the recursive expansion that makes declared entities
/// dangerous. In attribute values libxml2 copies only the first byte of a predefined entity (the five XML ones
/// are one byte each), so there the entity is an internal one whose text — one character, no markup, no
/// references — is copied whole. Memory is bounded by the fixed set of names.
///
/// libxml2 makes and frees the entities (`xmlNewEntity` without a document, which leaves them unlinked) and keeps
/// them in its own hash tables, so no `xmlEntity` field is written from Swift and a lookup makes no Swift string.
package final class HTMLEntityTable {
    /// Name → entity (an `xmlEntity`), for content and for attribute values.
    private let inContent: OpaquePointer
    private let inAttributes: OpaquePointer

    package init() {
        guard let inContent = xmlHashCreate(0), let inAttributes = xmlHashCreate(0) else {
            fatalError("libxml2 could not allocate an entity table")
        }
        self.inContent = inContent
        self.inAttributes = inAttributes
    }

    deinit {
        feedstream_entity_table_free(inContent)
        feedstream_entity_table_free(inAttributes)
    }

    /// The character HTML 4 names `name` (`nbsp` → U+00A0), looked up in libxml2's HTML parser's own table, so
    /// that a reader outside libxml2 decodes a reference exactly as the parser does; `nil` for a name it does not
    /// know. Case-sensitive, as the parser is (`&Eacute;` and `&eacute;` differ).
    package static func character(named name: UnsafeRawBufferPointer) -> Unicode.Scalar? {
        // HTML 4's longest name is eight bytes (`thetasym`); the NUL-terminated copy lives on the stack.
        guard !name.isEmpty, name.count < 16, !name.contains(0) else { return nil }
        var storage: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &storage) { buffer in
            buffer.copyMemory(from: name)
            guard let description = htmlEntityLookup(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)) else {
                return nil
            }
            return Unicode.Scalar(description.pointee.value)
        }
    }

    /// The `xmlEntity` for `name`, or `nil` when HTML 4 has no entity of that name. Untyped, because libxml2's
    /// types stay behind this module's private import.
    package func entity(named name: UnsafePointer<UInt8>?, inAttribute: Bool) -> UnsafeMutableRawPointer? {
        guard let name else { return nil }
        let table = inAttribute ? inAttributes : inContent
        if let entity = xmlHashLookup(table, name) { return entity }
        guard let description = htmlEntityLookup(name), let scalar = Unicode.Scalar(description.pointee.value) else {
            return nil
        }
        let type = inAttribute ? XML_INTERNAL_GENERAL_ENTITY : XML_INTERNAL_PREDEFINED_ENTITY
        var content = Array(String(Character(scalar)).utf8)
        content.append(0)
        guard let entity = xmlNewEntity(nil, name, Int32(type.rawValue), nil, nil, content) else {
            fatalError("libxml2 could not allocate an entity")
        }
        // Fails only when memory runs out (the name is not in the table yet), like the allocations above.
        guard xmlHashAddEntry(table, name, entity) == 0 else { fatalError("libxml2 could not grow an entity table") }
        return UnsafeMutableRawPointer(entity)
    }
}
