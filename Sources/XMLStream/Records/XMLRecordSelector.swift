#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StreamCore

/// Follows the SAX events of a document, builds the tree of each element the path selects and hands it to
/// ``onRecord`` as soon as it closes. Elements outside the path cost a pointer push and pop; their text is never
/// copied.
///
/// Not generic over the record type: a generic class reaches its stored properties through its metadata, on every
/// SAX event. The typed part is the one call per record.
final class XMLRecordSelector: XMLEventHandler {
    /// The path's element names, interned in the parser's dictionary: matching is one pointer comparison.
    private let components: [XMLName]
    private let componentNames: [String]
    private let limits: StreamLimits
    let tree: XMLRecordTree

    // The per-event state is exempt from dynamic exclusivity checks: it is only touched from the SAX callbacks
    // of one parse call, never re-entrantly, and the checks cost more than the rest of a characters event.
    /// Every open element, outermost first.
    // Kept by measurement: removing the unchecked exclusivity of the record tree and selector costs --child xml-
    // records +47.9 % (callgrind net of start-up; BENCHMARKS.md, "What unchecked exclusivity buys").
    @exclusivity(unchecked) private var open = XMLRecordBuffer<OpenElement>(capacity: 64)
    /// How many of the outermost open elements match the path's first components.
    @exclusivity(unchecked) private var matched = 0
    /// Decodes the record just built; errors other than `StreamError` become type mismatches at the record.
    var onRecord: (XMLRecordTree) throws -> Void = { _ in }
    private(set) var itemCount = 0
    private(set) var container = XMLRecordContainer()
    private(set) var hasSeenRoot = false

    /// An open element: its local name, and its node in the tree when it is inside the record being read (the
    /// record's own element is node 0), -1 otherwise.
    private struct OpenElement {
        let name: XMLName
        let node: Int32
    }

    init(components: [String], names: any XMLNameTable, limits: StreamLimits, timeZone: TimeZone) {
        self.components = components.map { names.intern($0) }
        componentNames = components
        self.limits = limits
        tree = XMLRecordTree(timeZone: timeZone)
    }

    /// Carries the selector out of the engine's handler factory, typed.
    final class Box {
        var value: XMLRecordSelector?
    }

    /// Whether elements are still open (the input ended in mid-document).
    var hasOpenElements: Bool { !open.isEmpty }

    // MARK: - Events

    func startElement(_ tag: XMLStartTag) throws(StreamError) {
        let depth = open.count
        guard depth < limits.maximumDepth else {
            throw StreamError(kind: .limitExceeded, message: "nesting deeper than \(limits.maximumDepth) elements")
        }
        hasSeenRoot = true
        var node: Int32 = -1
        if depth > 0 && open.last.node >= 0 {
            node = tree.addElement(tag, parent: open.last.node)
        } else if matched == depth, depth < components.count, tag.localName == components[depth] {
            matched += 1
            if matched == components.count - 1 {
                container = XMLRecordContainer(
                    name: qualifiedName(tag.prefix, tag.localName), attributes: attributes(tag))
            } else if matched == components.count {
                itemCount += 1
                tree.reset()
                node = tree.addElement(tag, parent: -1)
            }
        }
        open.append(OpenElement(name: tag.localName, node: node))
        if node >= 0 { try checkRecordSize() }
    }

    func endElement(localName: XMLName, prefix: XMLName, namespace: XMLName) throws(StreamError) {
        guard !open.isEmpty else { return }
        if open.last.node == 0 {
            try complete()
        }
        open.removeLast()
        if matched > open.count { matched = open.count }
    }

    /// Inlined into its protocol witness, which the engine calls on every characters event: one call, not two.
    @inline(__always)
    func characters(_ text: UnsafeRawBufferPointer) throws(StreamError) {
        guard !open.isEmpty, case let node = open.last.node, node >= 0 else { return }
        let length = tree.appendText(text, to: node)
        guard length <= limits.maximumTextBytes else {
            throw StreamError(
                kind: .limitExceeded, message: "a text value is larger than \(limits.maximumTextBytes) bytes")
        }
        try checkRecordSize()
    }

    /// In recover mode at the end of input: closes the elements left open, completing a record cut short.
    func closeOpenElements() throws(StreamError) {
        while !open.isEmpty {
            try endElement(localName: open.last.name, prefix: .none, namespace: .none)
        }
    }

    /// Inlined into every event that grows the record; the error is made out of line.
    @inline(__always)
    private func checkRecordSize() throws(StreamError) {
        guard tree.byteCount > limits.maximumItemBytes else { return }
        throw recordTooLarge()
    }

    @inline(never)
    private func recordTooLarge() -> StreamError {
        StreamError(kind: .limitExceeded, message: "a record is larger than \(limits.maximumItemBytes) bytes")
    }

    // MARK: - Records

    /// Decodes the record just closed; a value that does not fit `T` names the record and the key.
    private func complete() throws(StreamError) {
        do {
            try onRecord(tree)
        } catch let error as StreamError {
            throw error
        } catch let error as DecodingError {
            throw streamError(error)
        } catch {
            throw StreamError(kind: .typeMismatch, message: "\(error)", path: recordPath)
        }
    }

    /// The path of the record being read: `results/person[3]`, counting records from 1 as XPath does.
    private var recordPath: String {
        componentNames.joined(separator: "/") + "[\(itemCount)]"
    }

    private func streamError(_ error: DecodingError) -> StreamError {
        StreamError(decoding: error, itemPath: recordPath) { path, key in
            if let index = key.intValue {
                path += "[\(index + 1)]"
            } else {
                path += "/" + key.stringValue
            }
        }
    }

    /// Where the parser is, for errors: the open elements, with the record's number (`results/person[3]/name`).
    var currentPath: String {
        XMLElementPath.make(depth: open.count, leading: false) { depth in
            tree.name(open[depth].name) + (open[depth].node == 0 ? "[\(itemCount)]" : "")
        }
    }

    private func qualifiedName(_ prefix: XMLName, _ localName: XMLName) -> String {
        prefix.isNone ? tree.name(localName) : tree.name(prefix) + ":" + tree.name(localName)
    }

    private func attributes(_ tag: XMLStartTag) -> [XMLRecordAttribute] {
        (0..<tag.attributeCount).map { index in
            let attribute = tag.attribute(at: index)
            return XMLRecordAttribute(
                name: qualifiedName(attribute.prefix, attribute.localName), value: attribute.stringValue)
        }
    }
}
