import CLibXML
import Foundation

/// What a GPX or KML file holds, an event at a time: elements by their qualified names (namespaces are not
/// processed: `xmlns` declarations come as attributes, see `XMLNamespaces`) and their text. Parsed by libxml2
/// (`CLibXML`) a chunk at a time as the events are taken, so no tree of the file is ever held.
final class XMLEvents {
    enum Event {
        case start(String, attributes: [String: String])
        case end(String)
        /// Character data or CDATA; an element's text may come in several pieces.
        case text(String)
    }

    /// libxml2's words for the first error in the file, and where it is.
    struct Failure: Error {
        let message: String
        let line: Int
        let column: Int
    }

    private let reader: OpaquePointer

    /// Runs `body` on the events of `data`, which it must not keep: they are read from `data`'s bytes.
    static func reading<T>(_ data: Data, with library: LibXML.Library, _ body: (XMLEvents) throws -> T) throws -> T {
        try data.withUnsafeBytes { bytes in
            guard let reader = rt_xml_reader_new(library.handle, bytes.baseAddress, bytes.count) else {
                throw Failure(message: "out of memory", line: 0, column: 0)
            }
            return try body(XMLEvents(reader))
        }
    }

    private init(_ reader: OpaquePointer) {
        self.reader = reader
    }

    deinit {
        rt_xml_reader_free(reader)
    }

    /// The next event; nil at the end of a well-formed document.
    func next() throws(Failure) -> Event? {
        var event = rt_xml_event()
        switch rt_xml_reader_next(reader, &event) {
        case RT_XML_EVENT: break
        case RT_XML_DONE: return nil
        default:
            var line: Int32 = 0, column: Int32 = 0
            let message = String(cString: rt_xml_reader_error(reader, &line, &column))
            throw Failure(message: message, line: Int(line), column: Int(column))
        }
        switch event.kind {
        case RT_XML_START:
            var attributes: [String: String] = [:]
            if event.attribute_count > 0 {
                attributes.reserveCapacity(event.attribute_count)
                for attribute in UnsafeBufferPointer(start: event.attributes, count: event.attribute_count) {
                    attributes[Self.text(attribute.name, attribute.name_length)] = Self.text(attribute.value, attribute.value_length)
                }
            }
            return .start(Self.text(event.name, event.name_length), attributes: attributes)
        case RT_XML_END:
            return .end(Self.text(event.name, event.name_length))
        default:
            return .text(Self.text(event.text, event.text_length))
        }
    }

    private static func text(_ start: UnsafePointer<CChar>?, _ count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    }
}
