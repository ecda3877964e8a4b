import Foundation

/// Reads a GPX, KML, KMZ or GeoJSON file into a new trip (`roadtrip import`). The format is told by the
/// content; the file is refused before it is read when larger than `maxFileBytes`; every coordinate, name and
/// note goes through the entities' validation. Nothing is stored here: the caller adds the trip.
///
/// What becomes what: route points, then the waypoints that are not among them (a waypoint at the position
/// of a route point, to six decimals, gives that stop its name where the route point has none, its notes and
/// time); a file with no points but a track becomes the track's start, its end and where it turns most
/// (at most `trackStops`). Stops have no nights; the trip's start date is the date of the first time found.
public enum TripImporter {
    /// 50 MB: a day's GPS track at one point a second is under 20 MB of GPX.
    public static let maxFileBytes = 50 * 1024 * 1024
    /// More stops than anyone plans; a file with more points is a track written as waypoints.
    public static let maxStops = 10_000
    public static let trackStops = 25

    /// Reads the file at `url`; `name` (else the file's own name, else the file name) names the trip.
    public static func read(contentsOf url: URL, name: String? = nil) throws -> ImportedTrip {
        let data = try readLimited(url)
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

    /// The file's bytes, refused by its size before reading, and again if it grew past the limit meanwhile.
    private static func readLimited(_ url: URL) throws -> Data {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ImportError.unreadable(path: url.path, reason: reason(error))
        }
        defer { try? handle.close() }
        do {
            var info = stat()
            guard fstat(handle.fileDescriptor, &info) == 0 else {
                throw ImportError.unreadable(path: url.path, reason: String(cString: strerror(errno)))
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw ImportError.unreadable(path: url.path, reason: "not a regular file")
            }
            guard info.st_size <= maxFileBytes else { throw ImportError.tooLarge(bytes: Int(info.st_size), limit: maxFileBytes) }
            let data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
            guard data.count <= maxFileBytes else { throw ImportError.tooLarge(bytes: data.count, limit: maxFileBytes) }
            return data
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.unreadable(path: url.path, reason: reason(error))
        }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoPermissionError { return "permission denied" }
        return nsError.localizedDescription
    }

    static func makeTrip(_ content: ImportedContent, format: ImportFormat, name: String?,
                         fallbackName: String) throws -> ImportedTrip {
        let (points, source) = stops(content)
        guard !points.isEmpty else { throw ImportError.noPoints(format: format) }
        guard points.count <= maxStops else { throw ImportError.tooManyStops(count: points.count, limit: maxStops) }
        var waypoints: [Waypoint] = []
        waypoints.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            var stopName = ImportText.name(point.name)
            if stopName.isEmpty {
                stopName = source != .track ? "Stop \(index + 1)"
                    : index == 0 ? "Start" : index == points.count - 1 ? "End" : "Turn \(index)"
            }
            let stop = Waypoint(name: stopName, latitude: point.latitude, longitude: point.longitude, notes: point.notes)
            do {
                waypoints.append(try stop.validated())
            } catch {
                throw ImportError.invalidPoint(what: "stop \(index + 1)", reason: "\(error)")
            }
        }
        let fileName = ImportText.name(content.name ?? "")
        let tripName = name ?? (fileName.isEmpty ? ImportText.name(fallbackName) : fileName)
        let startDate = content.firstTime.flatMap { CalendarDate(String($0.prefix(10))) }
        let trip = Trip(name: tripName, startDate: startDate, notes: content.notes, waypoints: waypoints)
        do {
            return ImportedTrip(trip: try trip.validated(), format: format, source: source,
                                trackPointCount: content.track.count)
        } catch {
            throw ImportError.invalidTrip(reason: "\(error)")
        }
    }

    /// The points to make stops of, and which they are.
    static func stops(_ content: ImportedContent) -> ([ImportedPoint], ImportedTrip.Source) {
        if content.routePoints.isEmpty, content.waypoints.isEmpty {
            return (TrackSimplifier.simplify(content.track, limit: trackStops), .track)
        }
        if content.routePoints.isEmpty { return (content.waypoints, .waypoints) }
        var route = content.routePoints
        var extra: [ImportedPoint] = []
        for waypoint in content.waypoints {
            // The first route point at its position not matched yet takes what the waypoint says.
            if let i = route.indices.first(where: { samePosition(route[$0], waypoint) && !matched(route[$0]) }) {
                if route[i].name.isEmpty { route[i].name = waypoint.name }
                route[i].notes = ImportText.notes([route[i].notes, waypoint.notes])
                route[i].time = route[i].time ?? waypoint.time
                route[i].matchedWaypoint = true
            } else {
                extra.append(waypoint)
            }
        }
        return (route + extra, extra.isEmpty ? .routePoints : .routePointsAndWaypoints)
    }

    private static func matched(_ point: ImportedPoint) -> Bool { point.matchedWaypoint }

    private static func samePosition(_ a: ImportedPoint, _ b: ImportedPoint) -> Bool {
        (a.latitude * 1e6).rounded() == (b.latitude * 1e6).rounded()
            && (a.longitude * 1e6).rounded() == (b.longitude * 1e6).rounded()
    }
}
