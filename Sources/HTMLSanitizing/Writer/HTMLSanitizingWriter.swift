#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// Receives libxml2's HTML events for one value and writes the allowed markup back out, balanced and escaped.
///
/// libxml2 has already repaired the markup (every start has its end, attributes are decoded); this writer
/// decides, per element, whether to write it, drop it and keep its content, or drop it with its content, and
/// per attribute whether it stays. What each name means is memoized per name pointer: libxml2 hands out the
/// same pointer for the same name within one context, so the allow-lists are consulted once per name.
final class HTMLSanitizingWriter: HTMLEventHandler {
    enum ElementRule: Equatable {
        case write(isVoid: Bool)
        case drop
        case dropWithContent
    }

    enum AttributeRule {
        case keep
        case url
        /// A list of image candidates (`srcset`): each URL as ``url`` decides, descriptors kept.
        case sourceSet
        case style
        /// An SVG animation's `attributeName`: kept only when it names an attribute safe to change
        /// (``HTMLAllowList/animatableAttributes``).
        case animationTarget
        case drop
    }

    /// One open element, in the order libxml2 opened them.
    enum OpenElement {
        /// Written, with the name its end tag will carry (whatever libxml2 names when it closes it).
        case written(XMLName)
        /// A MathML or SVG element, written with its vocabulary's spelling of its name; `leaves` is the vocabulary
        /// its end leaves when it is the root that entered it.
        case foreign(name: [UInt8], leaves: ForeignVocabulary?)
        case void
        case dropped
        case droppedWithContent
    }

    var base: URL?
    var output = ByteAccumulator(capacity: 1024)
    var open: [OpenElement] = []
    /// How many open elements drop their content: text and elements inside them are not written.
    private var hiddenDepth = 0
    private var elementRules: [XMLName: ElementRule] = [:]
    private var attributeRules: [XMLName: AttributeRule] = [:]
    /// What names mean in MathML and SVG, memoized as ``elementRules`` are.
    var foreignElements: [XMLName: ForeignElement] = [:]
    var foreignAttributes: [XMLName: ForeignAttribute] = [:]
    /// How many open elements entered SVG and MathML (feedparser's `svgOK` and `mathmlOK`): their vocabularies'
    /// elements are written only inside them.
    var svgDepth = 0
    var mathDepth = 0
    /// Kept across values, like the fast path's (``HTMLSanitizingFastPath/Scratch/styles``).
    var styles = CSSStyleCache()

    init(base: URL?) {
        self.base = base
    }

    /// Clears the output and the open elements for the next value; the memoized rules stay only when libxml2's
    /// names stay (the same context), so `keepsNames` is false after a new context.
    func reset(keepsNames: Bool) {
        output.removeAll()
        open.removeAll(keepingCapacity: true)
        hiddenDepth = 0
        svgDepth = 0
        mathDepth = 0
        if !keepsNames {
            elementRules.removeAll(keepingCapacity: true)
            attributeRules.removeAll(keepingCapacity: true)
            foreignElements.removeAll(keepingCapacity: true)
            foreignAttributes.removeAll(keepingCapacity: true)
        }
    }

    var isSatisfied: Bool { false }

    /// The output with every element still open closed. libxml2 closes them itself at the end of input, except
    /// when it stopped early (an invalid character such as U+0001 or U+FFFE inside a tag ends its parse).
    func finishedOutput() -> String {
        while let element = open.popLast() {
            switch element {
            case .written(let name):
                output.append("</")
                output.appendName(name)
                output.append(UInt8(ascii: ">"))
            case .foreign(let name, _):
                appendEndTag(name)
            case .void, .dropped, .droppedWithContent:
                break
            }
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
        case .write(let isVoid) where svgDepth == 0:
            try startHTMLElement(tag, isVoid: isVoid)
        case .dropWithContent:
            hiddenDepth += 1
            open.append(.droppedWithContent)
        case .drop, .write:
            // Not HTML's, or inside SVG, where an element is SVG's first (feedparser's order).
            try startForeignElement(tag, htmlRule: rule)
        }
    }

    /// Writes an allow-listed HTML element's start tag with its allowed attributes.
    func startHTMLElement(_ tag: HTMLStartTag, isVoid: Bool) throws(StreamError) {
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

    func endElement(_ name: XMLName) throws(StreamError) {
        guard let element = open.popLast() else { return }
        switch element {
        case .written(let written):
            output.append("</")
            output.appendName(written)
            output.append(UInt8(ascii: ">"))
        case .foreign(let name, let leaves):
            appendEndTag(name)
            switch leaves {
            case .svg: svgDepth -= 1
            case .math: mathDepth -= 1
            case nil: break
            }
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
        guard let bytes = name.bytes else { return }
        Self.appendAttribute(
            attributeRule(name), name: UnsafeRawBufferPointer(start: bytes, count: strlen(bytes)), value: value,
            base: base, to: &output, styles: &styles)
    }

    /// Writes ` name="value"` as the rule says, `value` being the attribute's text with references already
    /// replaced; nothing when the rule (or the URL or style filter) drops it. Shared with
    /// ``HTMLSanitizingFastPath``, so that both paths write an attribute the same way. `valueNeedsEscaping` is
    /// `false` when the caller knows `value` holds none of `&`, `<`, `>` and `"`: its parts are then copied as they
    /// are. `valueMayHoldLineBreaks` is `false` when the caller knows it holds no control character.
    static func appendAttribute(
        _ rule: AttributeRule, name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, base: URL?,
        to output: inout ByteAccumulator, styles: inout CSSStyleCache, valueNeedsEscaping: Bool = true,
        valueMayHoldLineBreaks: Bool = true
    ) {
        switch rule {
        case .drop:
            return
        case .keep:
            output.append(UInt8(ascii: " "))
            output.append(name)
            output.append("=\"")
            appendValuePart(value, escaping: valueNeedsEscaping, to: &output)
        case .url:
            let verdict = SafeURL.filter(value, base: base, mayHoldLineBreaks: valueMayHoldLineBreaks)
            if case .dropped = verdict { return }
            output.append(UInt8(ascii: " "))
            output.append(name)
            output.append("=\"")
            switch verdict {
            case .kept(let bytes):
                appendValuePart(bytes, escaping: valueNeedsEscaping, to: &output)
            case .rewritten(var safe):
                safe.withUTF8 { output.appendEscaped(UnsafeRawBufferPointer($0), attribute: true) }
            case .dropped:
                break
            }
        case .sourceSet:
            guard
                appendSourceSet(
                    name: name, value: value, base: base, escaping: valueNeedsEscaping,
                    mayHoldLineBreaks: valueMayHoldLineBreaks, to: &output)
            else { return }
        case .animationTarget:
            guard HTMLAllowList.isAnimatable(value) else { return }
            output.append(UInt8(ascii: " "))
            output.append(name)
            output.append("=\"")
            appendValuePart(value, escaping: valueNeedsEscaping, to: &output)
        case .style:
            let start = output.count
            output.append(" style=\"")
            guard styles.write(value, to: &output) else {
                output.removeLast(output.count - start)
                return
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Writes ` name="url descriptors, …"` with each candidate's URL filtered and resolved as a URL attribute's
    /// value is, without the closing quote; writes nothing and returns `false` when one candidate's URL must go
    /// or its descriptors are none (the attribute goes with it, as a URL attribute does).
    private static func appendSourceSet(
        name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, base: URL?, escaping: Bool,
        mayHoldLineBreaks: Bool, to output: inout ByteAccumulator
    ) -> Bool {
        let start = output.count
        output.append(UInt8(ascii: " "))
        output.append(name)
        output.append("=\"")
        var isFirst = true
        for candidate in HTMLSourceSet(value) {
            if !isFirst { output.append(", ") }
            isFirst = false
            let url = UnsafeRawBufferPointer(rebasing: value[candidate.url])
            switch SafeURL.filter(url, base: base, mayHoldLineBreaks: mayHoldLineBreaks) {
            case .dropped:
                output.removeLast(output.count - start)
                return false
            case .kept(let bytes):
                appendValuePart(bytes, escaping: escaping, to: &output)
            case .rewritten(var safe):
                safe.withUTF8 { output.appendEscaped(UnsafeRawBufferPointer($0), attribute: true) }
            }
            if !candidate.descriptors.isEmpty {
                // Anything but a width, density or height is no descriptor: what a browser would drop goes.
                guard HTMLSourceSet.areDescriptors(UnsafeRawBufferPointer(rebasing: value[candidate.descriptors]))
                else {
                    output.removeLast(output.count - start)
                    return false
                }
                output.append(UInt8(ascii: " "))
                let descriptors = UnsafeRawBufferPointer(rebasing: value[candidate.descriptors])
                appendValuePart(descriptors, escaping: escaping, to: &output)
            }
        }
        return true
    }

    /// Appends part of an attribute's value, escaped unless the caller knows it needs no escaping.
    @inline(__always)
    private static func appendValuePart(
        _ part: UnsafeRawBufferPointer, escaping: Bool, to output: inout ByteAccumulator
    ) {
        if escaping {
            output.appendEscaped(part, attribute: true)
        } else {
            output.append(part)
        }
    }

    private func elementRule(_ name: XMLName) -> ElementRule {
        if let rule = elementRules[name] { return rule }
        let rule = Self.elementRule(lowercased: name.string.lowercased())
        elementRules[name] = rule
        return rule
    }

    private func attributeRule(_ name: XMLName) -> AttributeRule {
        if let rule = attributeRules[name] { return rule }
        let rule = Self.attributeRule(lowercased: name.string.lowercased())
        attributeRules[name] = rule
        return rule
    }

    /// What the allow-lists say of an element, by its lowercase name.
    static func elementRule(lowercased text: String) -> ElementRule {
        if HTMLAllowList.elements.contains(text) {
            .write(isVoid: HTMLVoidElements.contains(text))
        } else if HTMLAllowList.elementsDroppedWithContent.contains(text)
            || HTMLAllowList.foreignElementsDroppedWithContent.contains(text)
        {
            .dropWithContent
        } else {
            .drop
        }
    }

    /// What the allow-lists say of an attribute, by its lowercase name.
    static func attributeRule(lowercased text: String) -> AttributeRule {
        if text == "style" {
            .style
        } else if HTMLAllowList.urlAttributes.contains(text) {
            .url
        } else if HTMLAllowList.sourceSetAttributes.contains(text) {
            .sourceSet
        } else if HTMLAllowList.attributes.contains(text) {
            .keep
        } else {
            .drop
        }
    }
}
