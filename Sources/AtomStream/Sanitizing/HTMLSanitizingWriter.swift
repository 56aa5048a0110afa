import Foundation
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Receives libxml2's HTML events for one value and writes the allowed markup back out, balanced and escaped.
///
/// libxml2 has already repaired the markup (every start has its end, attributes are decoded); this writer
/// decides, per element, whether to write it, drop it and keep its content, or drop it with its content, and
/// per attribute whether it stays. What each name means is memoized per name pointer: libxml2 hands out the
/// same pointer for the same name within one context, so the allow-lists are consulted once per name.
final class HTMLSanitizingWriter: HTMLEventHandler {
    private enum ElementRule {
        case write(isVoid: Bool)
        case drop
        case dropWithContent
    }

    private enum AttributeRule {
        case keep
        case url
        case style
        case drop
    }

    /// One open element, in the order libxml2 opened them.
    private enum OpenElement {
        /// Written, with the name its end tag will carry (whatever libxml2 names when it closes it).
        case written(XMLName)
        case void
        case dropped
        case droppedWithContent
    }

    var base: URL?
    private(set) var output = ByteAccumulator(capacity: 1024)
    private var open: [OpenElement] = []
    /// How many open elements drop their content: text and elements inside them are not written.
    private var hiddenDepth = 0
    private var elementRules: [XMLName: ElementRule] = [:]
    private var attributeRules: [XMLName: AttributeRule] = [:]

    init(base: URL?) {
        self.base = base
    }

    /// Clears the output and the open elements for the next value; the memoized rules stay only when libxml2's
    /// names stay (the same context), so `keepsNames` is false after a new context.
    func reset(keepsNames: Bool) {
        output.removeAll()
        open.removeAll(keepingCapacity: true)
        hiddenDepth = 0
        if !keepsNames {
            elementRules.removeAll(keepingCapacity: true)
            attributeRules.removeAll(keepingCapacity: true)
        }
    }

    var isSatisfied: Bool { false }

    /// The output with every element still open closed.
    func finishedOutput() -> String {
        while let element = open.popLast() {
            if case .written = element { preconditionFailure("libxml2 closes every element at the end of input") }
        }
        return output.string(0..<output.count)
    }

    func startElement(_ tag: HTMLStartTag) throws(StreamError) {
        let rule = elementRule(tag.name)
        if hiddenDepth > 0 {
            // Inside script or style: libxml2 reports no elements there, but a dropped-with-content applet may
            // hold any.
            if case .dropWithContent = rule {
                hiddenDepth += 1
                open.append(.droppedWithContent)
            } else {
                open.append(.dropped)
            }
            return
        }
        switch rule {
        case .drop:
            open.append(.dropped)
        case .dropWithContent:
            hiddenDepth += 1
            open.append(.droppedWithContent)
        case .write(let isVoid):
            output.append(UInt8(ascii: "<"))
            output.appendName(tag.name)
            try tag.forEachAttribute { (name, value) throws(StreamError) in writeAttribute(name, value) }
            if isVoid {
                output.append(" />")
                open.append(.void)
            } else {
                output.append(UInt8(ascii: ">"))
                open.append(.written(tag.name))
            }
        }
    }

    func endElement(_ name: XMLName) throws(StreamError) {
        guard let element = open.popLast() else { return }
        switch element {
        case .written(let written):
            output.append("</")
            output.appendName(written)
            output.append(UInt8(ascii: ">"))
        case .droppedWithContent:
            hiddenDepth -= 1
        case .void, .dropped:
            break
        }
    }

    func characters(_ text: UnsafeRawBufferPointer) throws(StreamError) {
        guard hiddenDepth == 0 else { return }
        output.appendEscaped(text, attribute: false)
    }

    private func writeAttribute(_ name: XMLName, _ value: UnsafeRawBufferPointer) {
        switch attributeRule(name) {
        case .drop:
            return
        case .keep:
            output.append(UInt8(ascii: " "))
            output.appendName(name)
            output.append("=\"")
            output.appendEscaped(value, attribute: true)
        case .url:
            guard let safe = SafeURL.filter(value, base: base) else { return }
            output.append(UInt8(ascii: " "))
            output.appendName(name)
            output.append("=\"")
            appendEscaped(safe)
        case .style:
            let kept = CSSStyleFilter.filter(Array(value))
            guard !kept.isEmpty else { return }
            output.append(" style=\"")
            appendEscaped(kept)
        }
        output.append(UInt8(ascii: "\""))
    }

    private func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { output.appendEscaped(UnsafeRawBufferPointer($0), attribute: true) }
    }

    private func elementRule(_ name: XMLName) -> ElementRule {
        if let rule = elementRules[name] { return rule }
        let text = name.string.lowercased()
        let rule: ElementRule
        if HTMLAllowList.elements.contains(text) {
            rule = .write(isVoid: HTMLVoidElements.contains(text))
        } else if HTMLAllowList.elementsDroppedWithContent.contains(text) {
            rule = .dropWithContent
        } else {
            rule = .drop
        }
        elementRules[name] = rule
        return rule
    }

    private func attributeRule(_ name: XMLName) -> AttributeRule {
        if let rule = attributeRules[name] { return rule }
        let text = name.string.lowercased()
        let rule: AttributeRule
        if text == "style" {
            rule = .style
        } else if HTMLAllowList.urlAttributes.contains(text) {
            rule = .url
        } else if HTMLAllowList.attributes.contains(text) {
            rule = .keep
        } else {
            rule = .drop
        }
        attributeRules[name] = rule
        return rule
    }
}
