@_spi(XMLEngine) import XMLStream
extension AtomDocumentDecoder {
    /// Whether elements are still open: the document is incomplete.
    var hasOpenElements: Bool { !frames.isEmpty }

    /// Closes every open element as if its end tag had arrived, so recover mode salvages the entry in progress.
    func closeOpenElements() throws(StreamError) {
        while let frame = frames.last {
            try endElement(localName: frame.localName, prefix: .none, namespace: .none)
        }
    }

    /// Recover mode: an Atom `entry` starting inside an open entry means the previous one lost its end tag
    /// (libxml2 repairs `<entry><title>one</entry>` by closing only the `title`). The open entry is completed
    /// now, and its frames stay on the stack as ignored ones, so the end tags libxml2 still owes them pop them
    /// without disturbing the new entry. Returns whether it handled `tag`.
    func recoverNestedEntry(_ tag: XMLStartTag) throws(StreamError) -> Bool {
        guard tag.namespace == names.atom, tag.localName == names.entry,
            let open = frames.lastIndex(where: { if case .entry = $0.role { return true } else { return false } })
        else { return false }
        completeEntry()
        capture = .off
        for index in open..<frames.count { frames[index].role = .ignored }
        let setsBase = pushBase(tag)
        beginEntry()
        frames.append(AtomFrame(role: .entry, localName: tag.localName, setsBase: setsBase))
        return true
    }
}
