import Foundation

/// KML 2.2 (Google My Maps, Google Earth, gpsbabel, our own export): Placemarks in any nesting of Documents and
/// Folders. A Point is a stop (its name; notes from `ExtendedData`'s "notes" when present, as our export
/// writes them, else the `description`'s text); a LineString or a `gx:Track` adds to the track (used when
/// there are no points). Polygons and everything else are ignored; namespaces too (local names). roadtrip's own
/// fields (`TripFields`) are `Data` named `roadtrip:…` in a Placemark's and the outermost Document's
/// `ExtendedData`.
enum KMLReader {
    static func read(_ data: Data) throws -> ImportedContent {
        let reader = Reader()
        try XMLSafety.read(data, format: .kml, into: reader)
        return reader.content
    }

    private final class Reader: XMLContentReader {
        var content = ImportedContent()
        var error: ImportError?
        var rootClosed = false
        private var path: [String] = []
        private var text = ""
        private var placemark: Placemark?
        private var dataName: String?
        private var counts = (points: 0, lines: 0)

        private struct Placemark {
            var name = ""
            var description = ""
            var notes: String?
            var time: String?
            var fields: [String: String] = [:]
            var points: [ImportedPoint] = []
            var track: [Coordinate] = []
        }

        func start(_ qualified: String, attributes: [String: String]) {
            let name = XMLSafety.localName(qualified)
            path.append(name)
            text = ""
            if path.count == 1, name != "kml" {
                return fail(.malformed(format: .kml, reason: "the root element is <\(qualified)>, not <kml>"))
            }
            switch name {
            case "Placemark" where placemark == nil: placemark = Placemark()
            case "Data": dataName = attributes["name"]
            default: break
            }
        }

        func characters(_ string: String) {
            text += string
        }

        func end(_ qualified: String) {
            defer { path.removeLast(); text = "" }
            if path.count == 1 { rootClosed = true }
            let name = XMLSafety.localName(qualified)
            let parent = path.count >= 2 ? path[path.count - 2] : ""
            guard var current = placemark else {
                // The trip's name and notes: the outermost Document's (or Folder's).
                if path.count == 3, ["Document", "Folder"].contains(parent) {
                    if name == "name", content.name == nil { content.name = text }
                    if name == "description", content.notes.isEmpty {
                        content.notes = ImportText.notes([ImportText.plainText(html: text)])
                    }
                }
                if path.count == 5, path[1] == "Document", path[2] == "ExtendedData", name == "value", parent == "Data",
                   let key = ownField(dataName) {
                    content.fields[key] = text
                }
                return
            }
            switch name {
            case "name" where parent == "Placemark": current.name = text
            case "description" where parent == "Placemark": current.description = text
            case "value" where parent == "Data":
                if dataName == "notes" { current.notes = text } else if let key = ownField(dataName) { current.fields[key] = text }
            case "when" where current.time == nil: current.time = text.trimmingCharacters(in: .whitespacesAndNewlines)
            case "coordinates" where parent == "Point":
                counts.points += 1
                guard let position = coordinates(text, what: "point \(counts.points)").first else {
                    return fail(.invalidPoint(what: "point \(counts.points)", reason: "no coordinates"))
                }
                current.points.append(ImportedPoint(position))
            case "coordinates" where parent == "LineString":
                counts.lines += 1
                current.track += coordinates(text, what: "line \(counts.lines)")
            case "coord" where parent == "Track":
                counts.lines += 1
                // gx:coord is "lon lat alt", separated by spaces.
                let tuple = text.split(whereSeparator: \.isWhitespace).joined(separator: ",")
                current.track += coordinates(tuple, what: "track coordinate \(counts.lines)")
            case "Placemark":
                let notes = current.notes.map { ImportText.notes([$0]) }
                    ?? ImportText.notes([ImportText.plainText(html: current.description)])
                for var point in current.points {
                    (point.name, point.notes, point.time, point.fields) = (current.name, notes, current.time, current.fields)
                    do throws(ImportError) {
                        try content.addWaypoint(point)
                    } catch {
                        return fail(error)
                    }
                }
                content.track += current.track
                if content.firstTime == nil { content.firstTime = current.time }
                placemark = nil
                return
            default: break
            }
            placemark = current
        }

        /// The field a `Data` of ours holds ("nights" for `roadtrip:nights`), nil for any other.
        private func ownField(_ dataName: String?) -> String? {
            guard let dataName, dataName.hasPrefix(TripFields.kmlPrefix) else { return nil }
            return String(dataName.dropFirst(TripFields.kmlPrefix.count))
        }

        /// "lon,lat[,alt] lon,lat[,alt] …", each checked (`ImportCoordinates`).
        private func coordinates(_ text: String, what: String) -> [Coordinate] {
            var positions: [Coordinate] = []
            for tuple in text.split(whereSeparator: \.isWhitespace) {
                let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count >= 2, let longitude = try? ImportCoordinates.degrees(parts[0], field: "lon"),
                      let latitude = try? ImportCoordinates.degrees(parts[1], field: "lat") else {
                    fail(.invalidPoint(what: what, reason: "\"\(TerminalSafe.line(String(tuple.prefix(60))))\" is not lon,lat"))
                    return []
                }
                do {
                    positions.append(try ImportCoordinates.position(latitude: latitude, longitude: longitude))
                } catch {
                    fail(.invalidPoint(what: what, reason: "\(error)"))
                    return []
                }
            }
            return positions
        }

        private func fail(_ error: ImportError) {
            if self.error == nil { self.error = error }
        }
    }
}
