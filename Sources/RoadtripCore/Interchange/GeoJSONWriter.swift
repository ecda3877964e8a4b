import Foundation

/// GeoJSON (RFC 7946): a FeatureCollection with a Point per stop (properties order, name, nights, day, notes,
/// its zone `timeZone`, and when the trip has dates the plan day's `date` and the local times it is reached and
/// left, `arrives` and `departs`, ISO 8601 with their offset as `show --json` writes them: no `arrives` on the
/// first stop, no `departs` on the last) and a line per leg (its road where a routing engine gave it, else the
/// straight line between its stops), lon,lat with six decimals, one feature a line.
///
/// A leg crossing the antimeridian is a MultiLineString cut at ±180° (RFC 7946 §3.1.9), so that no reader draws
/// it the long way round; the `bbox` then runs west to east across it, west > east (§5.2). The trip's name and
/// notes are foreign members of the collection, and so is its `attribution` when it carries OpenStreetMap's data
/// (`ExportAttribution`). roadtrip's own fields (`TripFields`) are a `roadtrip` object in each stop's properties
/// and in the collection, for an import to read back.
enum GeoJSONWriter {
    static func document(_ trip: Trip, _ itinerary: Itinerary) -> String {
        let stops = trip.waypoints
        var features: [String] = []
        var all: [Coordinate] = stops.map(\.coordinate)
        for index in stops.indices {
            let stop = stops[index], arrival = itinerary.arrivals[index]
            var properties = [("order", "\(index + 1)"), ("name", string(ExportText.line(stop.name))),
                              ("nights", "\(stop.nights)"), ("day", "\(arrival.dayIndex + 1)"),
                              ("notes", string(ExportText.multiline(stop.notes)))]
            if let date = arrival.date { properties.append(("date", string(date.description))) }
            properties.append(("timeZone", string(arrival.timeZone.identifier)))
            if let arrives = arrival.local?.iso8601 { properties.append(("arrives", string(arrives))) }
            if let departs = arrival.departureLocal?.iso8601 { properties.append(("departs", string(departs))) }
            properties.append((TripFields.geoJSONMember, object(TripFields.fields(of: stop))))
            features.append(feature(#"{"type": "Point", "coordinates": \#(position(stop.coordinate))}"#, properties))
        }
        for leg in itinerary.legs where stops.indices.contains(leg.to) {
            let shape = leg.geometry.count >= 2 ? leg.geometry : [stops[leg.from].coordinate, stops[leg.to].coordinate]
            let parts = cutAtAntimeridian(shape)
            all += parts.joined()
            let lines = parts.map { "[" + $0.map(position).joined(separator: ", ") + "]" }
            let geometry = lines.count == 1
                ? #"{"type": "LineString", "coordinates": \#(lines[0])}"#
                : #"{"type": "MultiLineString", "coordinates": [\#(lines.joined(separator: ", "))]}"#
            features.append(feature(geometry, [
                ("from", "\(leg.from + 1)"), ("to", "\(leg.to + 1)"),
                ("distanceKm", String(format: "%.3f", leg.distanceKm)),
                ("durationSeconds", "\(Int(saturating: leg.durationSeconds.rounded()))"), ("source", string(leg.source.rawValue)),
            ]))
        }
        var out = "{\n  \"type\": \"FeatureCollection\",\n"
        out += "  \"name\": \(string(ExportText.line(trip.name))),\n"
        out += "  \"notes\": \(string(ExportText.multiline(trip.notes))),\n"
        if ExportAttribution.carriesOpenStreetMap(trip, itinerary) {
            out += "  \"attribution\": \(string(ExportAttribution.openStreetMapLine)),\n"
        }
        let tripFields = TripFields.fields(of: trip)
        if !tripFields.isEmpty { out += "  \(string(TripFields.geoJSONMember)): \(object(tripFields)),\n" }
        if let box = bbox(all) { out += "  \"bbox\": [\(box.map(ExportText.degrees).joined(separator: ", "))],\n" }
        out += "  \"features\": ["
        out += features.isEmpty ? "]\n" : "\n    " + features.joined(separator: ",\n    ") + "\n  ]\n"
        return out + "}\n"
    }

    private static func feature(_ geometry: String, _ properties: [(String, String)]) -> String {
        let members = properties.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ")
        return #"{"type": "Feature", "geometry": \#(geometry), "properties": {\#(members)}}"#
    }

    /// `{"nights": 2, "region": "Vestland", "pinned": true}`: numbers and `true` bare, the rest as strings.
    private static func object(_ fields: [TripFields.Field]) -> String {
        "{" + fields.map { "\(string($0.key)): \($0.isBare ? $0.value : string($0.value))" }.joined(separator: ", ") + "}"
    }

    private static func position(_ point: Coordinate) -> String {
        "[\(ExportText.degrees(point.longitude)), \(ExportText.degrees(point.latitude))]"
    }

    /// A JSON string: `"` and `\` escaped, line breaks and tabs as `\n` and `\t` (text comes cleaned of every
    /// other control character by `ExportText`; any left would be `\u00XX`).
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The line cut where it crosses the antimeridian (a step of more than 180° in longitude is the short way
    /// across it), the latitude there interpolated; pieces of fewer than two points are left out. A step from
    /// one side of ±180° to the other (180 to -180) crosses at its start: no interpolation, which would divide
    /// zero by zero.
    static func cutAtAntimeridian(_ line: [Coordinate]) -> [[Coordinate]] {
        var parts: [[Coordinate]] = [[]]
        for point in line {
            if let last = parts[parts.count - 1].last, abs(point.longitude - last.longitude) > 180 {
                let edge: Double = last.longitude > 0 ? 180 : -180
                let unwrapped = point.longitude + (edge > 0 ? 360 : -360)
                let span = unwrapped - last.longitude
                let t = span == 0 ? 0 : (edge - last.longitude) / span
                let latitude = last.latitude + t * (point.latitude - last.latitude)
                let crossing = Coordinate(checked: latitude, edge)
                if crossing != last { parts[parts.count - 1].append(crossing) }
                parts.append([Coordinate(checked: latitude, -edge)])
            }
            if point != parts[parts.count - 1].last { parts[parts.count - 1].append(point) }
        }
        return parts.filter { $0.count >= 2 }
    }

    /// [west, south, east, north] of the points: the narrowest span of longitudes holding them all, found by
    /// leaving out the widest gap between them around the globe; west > east when it crosses the antimeridian.
    static func bbox(_ points: [Coordinate]) -> [Double]? {
        guard !points.isEmpty else { return nil }
        let longitudes = points.map(\.longitude).sorted()
        // The gap that wraps from the easternmost point round to the westernmost one.
        var widest = longitudes[0] + 360 - longitudes[longitudes.count - 1]
        var west = longitudes[0], east = longitudes[longitudes.count - 1]
        for i in longitudes.indices.dropLast() where longitudes[i + 1] - longitudes[i] > widest {
            widest = longitudes[i + 1] - longitudes[i]
            (west, east) = (longitudes[i + 1], longitudes[i])
        }
        let latitudes = points.map(\.latitude)
        return [west, latitudes.min()!, east, latitudes.max()!]
    }
}
