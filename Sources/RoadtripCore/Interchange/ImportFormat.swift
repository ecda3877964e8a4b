import Foundation

/// The formats `roadtrip import` reads, told apart by the file's first bytes (an extension can lie).
public enum ImportFormat: String, CaseIterable, Sendable {
    case gpx, kml, kmz, geojson

    public var name: String {
        switch self {
        case .gpx: return "GPX"
        case .kml: return "KML"
        case .kmz: return "KMZ"
        case .geojson: return "GeoJSON"
        }
    }

    /// The format of `data` from its content: a zip is KMZ, a JSON object GeoJSON, and XML is GPX or KML by
    /// its root element (the extension decides only between those two when the root is not in the first bytes).
    /// Throws for XML declaring a DOCTYPE (see `XMLSafety`), whatever its root.
    static func sniff(_ data: Data, fileExtension: String) throws -> ImportFormat? {
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .kmz }
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        let text = head.hasPrefix("\u{FEFF}") ? String(head.dropFirst()) : head
        let trimmed = text.drop(while: { $0.isWhitespace })
        if trimmed.hasPrefix("{") { return .geojson }
        guard trimmed.hasPrefix("<") else { return nil }
        let prolog = XMLSafety.prolog(data.prefix(4096))
        if prolog == .documentType { throw ImportError.declaresDocumentType }
        if case let .root(root) = prolog {
            switch XMLSafety.localName(root) {
            case "gpx": return .gpx
            case "kml": return .kml
            default: return nil
            }
        }
        // The root is further than the first bytes (a long comment): the extension decides.
        switch fileExtension.lowercased() {
        case "gpx": return .gpx
        case "kml": return .kml
        default: return nil
        }
    }
}
