import Foundation

/// GeoJSON (RFC 7946, and our own export): a FeatureCollection, a Feature or a bare geometry. A Point (or each
/// of a MultiPoint) is a stop, named by its "name" (or "title") property, its notes from "notes" (our
/// export), else "cmt" then "desc" or "description"; LineStrings and MultiLineStrings add to the track (used
/// when there are no points). Positions are [lon, lat(, alt)]. The collection's "name" and "notes" (foreign
/// members our export writes) name the trip.
enum GeoJSONReader {
    static func read(_ data: Data) throws -> ImportedContent {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ImportError.malformed(format: .geojson, reason: "not valid JSON (\(Self.reason(error)))")
        }
        guard let object = root as? [String: Any], let type = object["type"] as? String else {
            throw ImportError.malformed(format: .geojson, reason: "the top level is not a GeoJSON object with a \"type\"")
        }
        var reader = Reader()
        reader.content.name = object["name"] as? String
        reader.content.notes = ImportText.notes([object["notes"] as? String ?? ""])
        switch type {
        case "FeatureCollection":
            guard let features = object["features"] as? [Any] else {
                throw ImportError.malformed(format: .geojson, reason: "a FeatureCollection without a \"features\" array")
            }
            for feature in features { try reader.feature(feature) }
        case "Feature": try reader.feature(object)
        default: try reader.geometry(object, properties: [:])
        }
        return reader.content
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }

    private struct Reader {
        var content = ImportedContent()
        var counts = (points: 0, lines: 0)

        mutating func feature(_ value: Any) throws {
            guard let feature = value as? [String: Any], feature["type"] as? String == "Feature" else {
                throw ImportError.malformed(format: .geojson, reason: "a member of \"features\" is not a Feature")
            }
            // A Feature may have a null geometry (RFC 7946 §3.2): nothing to import from it.
            guard let geometry = feature["geometry"] as? [String: Any] else { return }
            try self.geometry(geometry, properties: feature["properties"] as? [String: Any] ?? [:])
        }

        mutating func geometry(_ geometry: [String: Any], properties: [String: Any]) throws {
            let type = geometry["type"] as? String ?? ""
            let coordinates = geometry["coordinates"]
            switch type {
            case "Point":
                counts.points += 1
                try addStop(coordinates, properties: properties)
            case "MultiPoint":
                for position in try array(coordinates, "MultiPoint") {
                    counts.points += 1
                    try addStop(position, properties: properties)
                }
            case "LineString":
                counts.lines += 1
                content.track += try array(coordinates, "LineString").map { try point($0, what: "line \(counts.lines)") }
            case "MultiLineString":
                for line in try array(coordinates, "MultiLineString") {
                    counts.lines += 1
                    content.track += try array(line, "MultiLineString").map { try point($0, what: "line \(counts.lines)") }
                }
            case "GeometryCollection":
                for member in geometry["geometries"] as? [Any] ?? [] {
                    guard let member = member as? [String: Any] else { continue }
                    try self.geometry(member, properties: properties)
                }
            case "Polygon", "MultiPolygon": break  // an area is not a stop
            default:
                throw ImportError.malformed(format: .geojson, reason: "unknown geometry type \"\(TerminalSafe.line(String(type.prefix(40))))\"")
            }
        }

        private mutating func addStop(_ position: Any?, properties: [String: Any]) throws {
            var stop = try point(position, what: "point \(counts.points)")
            stop.name = string(properties, "name") ?? string(properties, "title") ?? ""
            stop.notes = properties["notes"] is String
                ? ImportText.notes([string(properties, "notes")!])
                : ImportText.notes([string(properties, "cmt") ?? "",
                                    string(properties, "desc") ?? string(properties, "description") ?? ""])
            stop.time = string(properties, "date") ?? string(properties, "time")
            if content.firstTime == nil { content.firstTime = stop.time }
            content.waypoints.append(stop)
        }

        private func string(_ properties: [String: Any], _ key: String) -> String? {
            properties[key] as? String
        }

        private func array(_ value: Any?, _ type: String) throws -> [Any] {
            guard let array = value as? [Any] else {
                throw ImportError.malformed(format: .geojson, reason: "a \(type) whose \"coordinates\" is not an array")
            }
            return array
        }

        private func point(_ value: Any?, what: String) throws -> ImportedPoint {
            guard let position = value as? [Any], position.count >= 2,
                  let longitude = (position[0] as? NSNumber)?.doubleValue,
                  let latitude = (position[1] as? NSNumber)?.doubleValue else {
                throw ImportError.invalidPoint(what: what, reason: "its position is not [longitude, latitude]")
            }
            do {
                _ = try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw ImportError.invalidPoint(what: what, reason: "\(error)")
            }
            return ImportedPoint(latitude: latitude, longitude: longitude)
        }
    }
}
