import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of a WebDAV answer: its namespace and local name, its children, and its text (the
/// character data directly inside it). Read with libxml2 through Foundation's `XMLParser`, which
/// neither fetches external entities nor expands entities without bound; nested at most
/// `maximumDepth` deep (a tree 50,000 deep overflowed the stack as it was freed: found by an
/// independent tester).
struct DAVElement: Sendable {
    var namespace: String
    var name: String
    var attributes: [String: String] = [:]
    var children: [DAVElement] = []
    var text = ""

    /// The deepest a WebDAV answer nests (a multistatus, its responses, their properties and
    /// values are a dozen levels).
    static let maximumDepth = 64

    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"

    /// The first child `namespace:name`.
    func child(_ namespace: String, _ name: String) -> DAVElement? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    /// Every child `namespace:name`.
    func children(_ namespace: String, _ name: String) -> [DAVElement] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// The document element of `bytes`; throws `malformedAnswer` when they are not XML.
    static func parse(_ bytes: [UInt8]) throws(SyncError) -> DAVElement {
        let builder = TreeBuilder()
        // Read from a stream, which hands libxml2 the answer a piece at a time: given all of it at
        // once, libxml2 refuses an answer past 10 MB as a "huge input lookup" (60,000 tasks' ETags).
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            if builder.isTooDeep { throw .malformedAnswer("XML nested more than \(maximumDepth) deep") }
            let line = parser.lineNumber
            throw .malformedAnswer("XML that does not read" + (line > 0 ? " (line \(line))" : ""))
        }
        return root
    }
}

/// Builds the tree as the parser reports elements.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: DAVElement?
    private(set) var isTooDeep = false
    private var open: [DAVElement] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        guard open.count < DAVElement.maximumDepth else {
            isTooDeep = true
            parser.abortParsing()
            return
        }
        open.append(DAVElement(namespace: namespaceURI ?? "", name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let element = open.popLast() else { return }
        if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard !open.isEmpty else { return }
        open[open.count - 1].text += String(decoding: block, as: UTF8.self)
    }
}
