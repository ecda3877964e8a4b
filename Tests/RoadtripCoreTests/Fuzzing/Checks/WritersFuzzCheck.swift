import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import RoadtripCore

/// Every writer on a trip made from the input (`FuzzTrip`: stops anywhere, on ±180° and the poles included, names
/// and notes of any characters, roads through any points, nights, a start date or none):
/// - GPX, KML and GeoJSON parse (`XMLParser`, `JSONSerialization`) and read back (`TripImporter`) with the same
///   stops: names as the writers clean them, positions to six decimals (-180 and 180 one meridian);
/// - every number written is finite and in range, and every GPX longitude below 180 (the schema's rule);
/// - iCalendar is written, or refused with an `ExportError`; its lines end with CR LF and fit in 75 octets;
/// - no text has a control character other than a line break or a tab, nor U+FFFE or U+FFFF.
public enum WritersFuzzCheck {
    public static func check(_ data: Data) throws {
        guard let (trip, itinerary) = FuzzTrip.make(data) else { return }
        let input = "\(trip.waypoints.map { ($0.name, $0.latitude, $0.longitude) })"
        for format in ExportFormat.allCases {
            let text: String
            do {
                text = try format.document(trip, itinerary, unit: .km)
            } catch let error as ExportError {
                try FuzzCheckFailure.require(format == .ics, "only iCalendar refuses a trip (\(format): \(error))", input: input)
                continue
            }
            let allowed: Set<Unicode.Scalar> = format == .ics ? ["\r", "\n", "\t"] : ["\n", "\t"]
            try FuzzCheckFailure.require(!text.unicodeScalars.contains {
                ($0.value < 0x20 && !allowed.contains($0)) || $0.value == 0x7F || $0.value == 0xFFFE || $0.value == 0xFFFF
            }, "\(format) has no forbidden character", input: input)
            switch format {
            case .gpx, .kml: try checkXML(text, format, input: input)
            case .geojson: try checkGeoJSON(text, input: input)
            case .ics:
                let lines = text.components(separatedBy: "\r\n")
                try FuzzCheckFailure.require(lines.last == "" && lines.allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") },
                                             "iCalendar lines end with CR LF and fit in 75 octets", input: input)
            case .md: break
            }
            if [.gpx, .kml, .geojson].contains(format) { try checkReadBack(text, format, trip, input: input) }
        }
    }

    private static func checkXML(_ text: String, _ format: ExportFormat, input: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        try FuzzCheckFailure.require(parser.parse(), "\(format) is well-formed XML (\(String(describing: parser.parserError)))",
                                     input: input)
        // Values of lat="…" and lon="…" (text cannot hold `="`: it is escaped), and KML's lon,lat tuples.
        for (name, range) in [("lat", -90.0...90), ("lon", -180.0...180)] {
            for value in text.components(separatedBy: " \(name)=\"").dropFirst().map({ String($0.prefix { $0 != "\"" }) }) {
                let number = Double(value)
                try FuzzCheckFailure.require(number.map(range.contains) == true && CoordinateParser.decimal(value) != nil,
                                             "\(format) \(name) \"\(value)\" is a decimal in range", input: input)
                try FuzzCheckFailure.require(format != .gpx || name != "lon" || number! < 180, "a GPX lon is below 180", input: input)
            }
        }
        for block in text.components(separatedBy: "<coordinates>").dropFirst() {
            for tuple in block.prefix(while: { $0 != "<" }).split(separator: " ") {
                let parts = tuple.split(separator: ",").map { Double($0) }
                try FuzzCheckFailure.require(parts.count == 2 && parts.allSatisfy { $0?.isFinite == true }
                    && abs(parts[0]!) <= 180 && abs(parts[1]!) <= 90, "KML tuple \"\(tuple)\" is lon,lat", input: input)
            }
        }
    }

    private static func checkGeoJSON(_ text: String, input: String) throws {
        let root = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        try FuzzCheckFailure.require(root != nil, "GeoJSON is a JSON object", input: input)
        var degrees: [Double] = []
        func collect(_ value: Any) {
            if let number = value as? NSNumber { degrees.append(number.doubleValue) }
            if let array = value as? [Any] { array.forEach(collect) }
            if let object = value as? [String: Any] { ["geometry", "coordinates"].compactMap { object[$0] }.forEach(collect) }
        }
        (root?["features"] as? [Any] ?? []).forEach(collect)
        collect(root?["bbox"] ?? [])
        try FuzzCheckFailure.require(degrees.allSatisfy { $0.isFinite && abs($0) <= 180 }, "GeoJSON degrees are finite, in range",
                                     input: input)
        let legs = (root?["features"] as? [[String: Any]] ?? []).compactMap { $0["properties"] as? [String: Any] }
            .compactMap { $0["distanceKm"] as? NSNumber }
        try FuzzCheckFailure.require(legs.allSatisfy { $0.doubleValue.isFinite }, "GeoJSON distances are finite", input: input)
    }

    private static func checkReadBack(_ text: String, _ format: ExportFormat, _ trip: Trip, input: String) throws {
        let imported: ImportedTrip
        do {
            imported = try TripImporter.importTrip(from: Data(text.utf8), fileExtension: format.fileExtension)
        } catch {
            throw FuzzCheckFailure(description: "\(format) reads back (\(error)) (input: \(input))")
        }
        let stops = imported.trip.waypoints
        let names = trip.waypoints.enumerated().map { index, stop in
            let name = ImportText.name(stop.name)
            return name.isEmpty ? "Stop \(index + 1)" : name
        }
        try FuzzCheckFailure.require(stops.map(\.name) == names, "\(format) gives back the names: \(stops.map(\.name))",
                                     input: input)
        func meridian(_ longitude: Double) -> String {
            let text = ExportText.degrees(longitude)
            return text == "180.000000" ? "-180.000000" : text
        }
        try FuzzCheckFailure.require(
            stops.map { ExportText.degrees($0.latitude) } == trip.waypoints.map { ExportText.degrees($0.latitude) }
                && stops.map { meridian($0.longitude) } == trip.waypoints.map { meridian($0.longitude) },
            "\(format) gives back the positions", input: input)
        try FuzzCheckFailure.require(stops.map(\.nights) == trip.waypoints.map(\.nights)
                                         && imported.trip.startDate == trip.startDate,
                                     "\(format) gives back the nights and the start date", input: input)
    }
}

/// A valid trip and its itinerary, made from fuzzer bytes read in turn (missing bytes read as zeros).
enum FuzzTrip {
    static func make(_ data: Data) -> (Trip, Itinerary)? {
        var bytes = Bytes(data: [UInt8](data))
        let stops = (0..<(1 + Int(bytes.next() % 6))).map { _ in
            Waypoint(name: bytes.text(max: 24), latitude: bytes.degrees(90), longitude: bytes.degrees(180),
                     nights: Int(bytes.next() % 4), notes: bytes.text(max: 40))
        }
        let start = bytes.next() % 3 == 0 ? nil : CalendarDate(dayNumber: 3_640_000 + Int(bytes.next()) * 50)
        guard let trip = try? Trip(name: bytes.text(max: 20), startDate: start, notes: bytes.text(max: 40), waypoints: stops)
            .validated() else { return nil }
        let legs = stops.indices.dropLast().map { index -> Itinerary.Leg in
            var road: [Coordinate] = []
            let points = Int(bytes.next() % 5)
            if points > 0 {
                road = [stops[index].coordinate]
                for _ in 0..<points { road.append(Coordinate(checked: bytes.degrees(90), bytes.degrees(180))) }
                road.append(stops[index + 1].coordinate)
            }
            let hours = Double(bytes.next()) / 8
            return Itinerary.Leg(from: index, RoutedLeg(distanceKm: hours * 90, durationSeconds: hours * 3600, geometry: road,
                                                        source: road.isEmpty ? .estimate : .osrm))
        }
        return (trip, Itinerary(trip: trip, legs: legs, settings: Settings()))
    }

    private struct Bytes {
        let data: [UInt8]
        var offset = 0

        mutating func next() -> UInt8 {
            defer { offset += 1 }
            return offset < data.count ? data[offset] : 0
        }

        /// Mostly the edges (±limit, a hair inside them, 0, -0), else any value in range.
        mutating func degrees(_ limit: Double) -> Double {
            let edges = [limit, -limit, limit - 1e-7, -limit + 1e-7, limit - 4e-8, 0, -0.0]
            let pick = Int(next())
            if pick < edges.count * 16 { return edges[pick % edges.count] }
            let raw = (0..<4).reduce(UInt32(0)) { value, _ in value << 8 | UInt32(next()) }
            return (Double(raw) / Double(UInt32.max) * 2 - 1) * limit
        }

        /// Up to `max` bytes as UTF-8 (invalid sequences become U+FFFD), so any character can come up.
        mutating func text(max: Int) -> String {
            let count = Int(next()) % (max + 1)
            return String(decoding: (0..<count).map { _ in next() }, as: UTF8.self)
        }
    }
}
