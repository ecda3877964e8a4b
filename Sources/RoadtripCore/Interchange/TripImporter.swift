import Foundation

/// Reads a GPX, KML, KMZ or GeoJSON file into a new trip (`roadtrip import`). The format is told by the
/// content; the file is refused before it is read when larger than `maxFileBytes`; every coordinate, name and
/// note goes through the entities' validation. Nothing is stored here: the caller adds the trip.
///
/// What becomes what: route points, then the waypoints that are not among them (a waypoint at the position
/// of a route point, to six decimals, gives that stop its name where the route point has none, its notes, its
/// time and the fields of ours the route point lacks); a file with no points but a track becomes the track's start, its end and where it turns most
/// (at most `trackStops`). Stops have no nights and the trip's start date is the date of the first time found
/// (on the first stop's clock, `ImportStartDate`), unless the file carries roadtrip's own fields (`TripFields`): those win over what the format says.
public enum TripImporter {
    /// 50 MB: a day's GPS track at one point a second is under 20 MB of GPX.
    public static let maxFileBytes = 50 * 1024 * 1024
    /// More stops than anyone plans; a file with more points is a track written as waypoints.
    public static let maxStops = 10_000
    public static let trackStops = 25

    /// Reads the file at `url`; `name` (else the file's own name, else the file name) names the trip.
    public static func read(contentsOf url: URL, name: String? = nil) throws -> ImportedTrip {
        let data = try ImportFile.contents(of: url, limit: maxFileBytes)
        let fallback = url.deletingPathExtension().lastPathComponent
        return try importTrip(from: data, fileExtension: url.pathExtension, name: name, fallbackName: fallback)
    }

    public static func importTrip(from data: Data, fileExtension: String = "", name: String? = nil,
                                  fallbackName: String = "Imported trip") throws -> ImportedTrip {
        guard data.count <= maxFileBytes else { throw ImportError.tooLarge(bytes: data.count, limit: maxFileBytes) }
        guard let format = try ImportFormat.sniff(data, fileExtension: fileExtension) else { throw ImportError.unknownFormat }
        let content: ImportedContent
        switch format {
        case .gpx: content = try GPXReader.read(data)
        case .kml: content = try KMLReader.read(data)
        case .kmz: content = try KMZReader.read(data, limit: maxFileBytes)
        case .geojson: content = try GeoJSONReader.read(data)
        }
        return try makeTrip(content, format: format, name: name, fallbackName: fallbackName)
    }

    static func makeTrip(_ content: ImportedContent, format: ImportFormat, name: String?,
                         fallbackName: String) throws -> ImportedTrip {
        let (points, source) = stops(content)
        guard !points.isEmpty else { throw ImportError.noPoints(format: format) }
        guard points.count <= maxStops else { throw ImportError.tooManyStops(limit: maxStops) }
        var waypoints: [Waypoint] = []
        waypoints.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            var stopName = ImportText.name(point.name)
            if stopName.isEmpty {
                stopName = source != .track ? "Stop \(index + 1)"
                    : index == 0 ? "Start" : index == points.count - 1 ? "End" : "Turn \(index)"
            }
            var stop = Waypoint(name: stopName, latitude: point.latitude, longitude: point.longitude, notes: point.notes)
            try TripFields.apply(point.fields, to: &stop, what: "stop \(index + 1)")
            do {
                waypoints.append(try stop.validated().fillingTimeZone())
            } catch {
                throw ImportError.invalidPoint(what: "stop \(index + 1)", reason: "\(error)")
            }
        }
        let fileName = ImportText.name(content.name ?? "")
        let tripName = name ?? (fileName.isEmpty ? ImportText.name(fallbackName) : fileName)
        let startDate = content.firstTime.flatMap { ImportStartDate.date($0, firstStop: waypoints.first) }
        var trip = Trip(name: tripName, startDate: startDate, notes: content.notes, waypoints: waypoints)
        TripFields.apply(content.fields, to: &trip)
        do {
            return ImportedTrip(trip: try trip.validated(), format: format, source: source,
                                trackPointCount: content.track.count)
        } catch {
            throw ImportError.invalidTrip(reason: "\(error)")
        }
    }

    /// The points to make stops of, and which they are. Each waypoint finds the route points at its position
    /// through a table keyed by that position, so that the matching takes time in proportion to the points.
    static func stops(_ content: ImportedContent) -> ([ImportedPoint], ImportedTrip.Source) {
        if content.routePoints.isEmpty, content.waypoints.isEmpty {
            let kept = TrackSimplifier.simplify(content.track, limit: trackStops)
            return (kept.map { ImportedPoint(latitude: $0.latitude, longitude: $0.longitude) }, .track)
        }
        if content.routePoints.isEmpty { return (content.waypoints, .waypoints) }
        var route = content.routePoints
        // The route points not matched yet at each position, the first last (taken with popLast).
        var unmatched: [Position: [Int]] = [:]
        for index in route.indices.reversed() { unmatched[Position(route[index]), default: []].append(index) }
        var extra: [ImportedPoint] = []
        for waypoint in content.waypoints {
            // The first route point at its position not matched yet takes what the waypoint says.
            if let i = unmatched[Position(waypoint)]?.popLast() {
                if route[i].name.isEmpty { route[i].name = waypoint.name }
                route[i].notes = ImportText.notes([route[i].notes, waypoint.notes])
                route[i].time = route[i].time ?? waypoint.time
                route[i].fields.merge(waypoint.fields) { own, _ in own }
            } else {
                extra.append(waypoint)
            }
        }
        return (route + extra, extra.isEmpty ? .routePoints : .routePointsAndWaypoints)
    }

    /// A position to six decimals (about 0.1 m): two points there are the same place.
    private struct Position: Hashable {
        let latitude: Int64, longitude: Int64

        init(_ point: ImportedPoint) {
            // Coordinates are validated (|value| ≤ 180), so the micro-degrees fit.
            latitude = Int64((point.latitude * 1e6).rounded())
            longitude = Int64((point.longitude * 1e6).rounded())
        }
    }
}
