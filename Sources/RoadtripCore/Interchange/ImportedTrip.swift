import Foundation

/// What a reader found in a file, before it becomes a trip: the points to make stops of, a track, and the
/// trip's own fields where the format carries them.
struct ImportedContent {
    var name: String?
    var notes = ""
    /// The first time in the file ("YYYY-MM-DD…"), for the trip's start date.
    var firstTime: String?
    /// The trip's fields in roadtrip's own namespace (`TripFields`), by key.
    var fields: [String: String] = [:]
    /// Route points (GPX `rtept`), in file order.
    private(set) var routePoints: [ImportedPoint] = []
    /// Standalone points (GPX `wpt`, KML Point placemarks, GeoJSON Points), in file order.
    private(set) var waypoints: [ImportedPoint] = []
    /// Every track or line point, in file order (GPX `trkpt`, KML LineString and gx:Track, GeoJSON lines): only
    /// where they are, 16 bytes a point, since a track gives stops only of where it turns.
    var track: [Coordinate] = []

    /// Each route point is a stop, and so is each waypoint (merged into a route point, or after the route): a
    /// file with more of either than a trip can have is refused as soon as it shows, not once read whole.
    mutating func addRoutePoint(_ point: ImportedPoint) throws(ImportError) {
        guard routePoints.count < TripImporter.maxStops else { throw ImportError.tooManyStops(limit: TripImporter.maxStops) }
        routePoints.append(point)
    }

    mutating func addWaypoint(_ point: ImportedPoint) throws(ImportError) {
        guard waypoints.count < TripImporter.maxStops else { throw ImportError.tooManyStops(limit: TripImporter.maxStops) }
        waypoints.append(point)
    }
}

/// One point as a file gives it; `name` and `notes` may be empty.
struct ImportedPoint: Equatable {
    var latitude: Double
    var longitude: Double
    var name = ""
    var notes = ""
    var time: String?
    /// The stop's fields in roadtrip's own namespace (`TripFields`), by key.
    var fields: [String: String] = [:]
}

/// A new trip read from a file, and how its stops were made (for the message the command prints).
public struct ImportedTrip: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        case routePoints
        case waypoints
        /// Route points, then the waypoints that are not among them.
        case routePointsAndWaypoints
        /// A track simplified to its start, its end and where it turns most.
        case track
    }

    /// A validated trip with a new id, not yet in any store.
    public let trip: Trip
    public let format: ImportFormat
    public let source: Source
    /// How many points the file's tracks had (0 when it had none).
    public let trackPointCount: Int

    /// "12 stops from route points (track of 4,812 points simplified to 25)".
    public var summary: String {
        let stops = trip.waypoints.count
        let counted = "\(stops) \(stops == 1 ? "stop" : "stops")"
        switch source {
        case .routePoints: return "\(counted) from route points"
        case .waypoints: return "\(counted) from waypoints"
        case .routePointsAndWaypoints: return "\(counted) from route points and waypoints"
        case .track:
            return "\(counted) from a track (track of \(Self.grouped(trackPointCount)) points simplified to \(stops))"
        }
    }

    static func grouped(_ n: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        return formatter.string(from: NSNumber(value: n)) ?? String(n)
    }
}

/// Why a file cannot be imported. Every message says what is wrong with the file in words a person can act on.
public enum ImportError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case tooLarge(bytes: Int, limit: Int)
    case unknownFormat
    case malformed(format: ImportFormat, reason: String)
    case declaresDocumentType
    case noPoints(format: ImportFormat)
    case invalidPoint(what: String, reason: String)
    case tooManyStops(limit: Int)
    case invalidTrip(reason: String)
    /// libxml2, which GPX and KML are read with, cannot be opened (`LibXML`).
    case xmlLibraryMissing(library: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "cannot read \(TerminalSafe.line(path)): \(reason)"
        case let .tooLarge(bytes, limit):
            return "the file is \(ImportedTrip.grouped(bytes)) bytes; the import limit is \(ImportedTrip.grouped(limit)) bytes"
        case .unknownFormat:
            return "not a GPX, KML, KMZ or GeoJSON file (it starts with neither XML, a JSON object nor a zip)"
        case let .malformed(format, reason):
            return "not a valid \(format.name) file: \(reason)"
        case .declaresDocumentType:
            return "the file declares a DOCTYPE (entities or an external DTD), which GPX and KML never need: refused, "
                + "since it could read other files or expand without end"
        case let .noPoints(format):
            return "the \(format.name) file has no points to make stops of"
        case let .invalidPoint(what, reason):
            return "\(what): \(reason)"
        case let .tooManyStops(limit):
            return "the file has more than \(ImportedTrip.grouped(limit)) points to make stops of (the limit of a trip)"
        case let .invalidTrip(reason):
            return reason
        case let .xmlLibraryMissing(library, reason):
            return "GPX and KML are read with libxml2, which cannot be opened (\(TerminalSafe.line(library)): "
                + "\(TerminalSafe.line(String(reason.prefix(200))))); install it (Debian: apt install libxml2)"
        }
    }
}
