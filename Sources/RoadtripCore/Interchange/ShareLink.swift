import Foundation

/// The maps services a trip can be opened in from a link (`roadtrip link --service [--desktop]`, `y` in the trip
/// screen).
public enum ShareService: String, CaseIterable, Sendable {
    case google, osm, apple

    public var title: String {
        switch self {
        case .google: return "Google Maps"
        case .osm: return "OpenStreetMap"
        case .apple: return "Apple Maps"
        }
    }

    /// Points one directions link carries. Google Maps URLs take an origin, a destination and waypoints between
    /// them: Google documents at most 3 waypoints on a phone (5 points) and 9 in a browser (11), so links are
    /// made for phones unless `desktop`. openstreetmap.org's directions and the Apple Maps link scheme (`saddr`,
    /// `daddr`) take a start and a destination only, everywhere.
    public func pointsPerLink(desktop: Bool = false) -> Int {
        switch self {
        case .google: return desktop ? 11 : 5
        case .osm, .apple: return 2
        }
    }

    /// Whether a link made for a computer carries more points than one made for a phone.
    public var hasDesktopLinks: Bool { pointsPerLink(desktop: true) > pointsPerLink() }
}

/// One link: the stops it covers (1-based, inclusive) and the URL.
public struct ShareLink: Equatable, Sendable {
    public let firstStop: Int
    public let lastStop: Int
    public let url: String

    /// The links that open `stops` in `service`: one directions link when the service takes them all,
    /// else consecutive links, each starting at the stop where the previous one ended, so following them
    /// in order drives the whole trip. A single stop gets a link that shows the place; no stop, no link.
    public static func links(for stops: [Waypoint], service: ShareService, desktop: Bool = false) -> [ShareLink] {
        guard let first = stops.first else { return [] }
        guard stops.count > 1 else { return [ShareLink(firstStop: 1, lastStop: 1, url: placeURL(first, service))] }
        let step = service.pointsPerLink(desktop: desktop) - 1
        return stride(from: 0, to: stops.count - 1, by: step).map { start in
            let end = min(start + step, stops.count - 1)
            return ShareLink(firstStop: start + 1, lastStop: end + 1,
                             url: directionsURL(Array(stops[start...end]), service))
        }
    }

    /// One line that says why a trip needs more than one link, or nil when one link holds the trip. Links made
    /// for phones say so and what `desktopKey` (the command's option, the dialog's key) would do: "Google Maps
    /// takes at most 5 points per link: 6 stops in 2 links (stops 1–5, 5–6); phone-safe: 3 stops between ends
    /// per link; --desktop for 9."
    public static func splitNote(_ links: [ShareLink], service: ShareService, desktop: Bool = false,
                                 desktopKey: String) -> String? {
        guard links.count > 1, let last = links.last else { return nil }
        let points = service.pointsPerLink(desktop: desktop)
        let parts = points == 2 ? "one per leg"
            : "stops " + links.map { "\($0.firstStop)–\($0.lastStop)" }.joined(separator: ", ")
        var note = "\(service.title) takes at most \(points) points per link\(desktop ? " on a computer" : ""): "
            + "\(last.lastStop) stops in \(links.count) links (\(parts))"
        if service.hasDesktopLinks, !desktop {
            note += "; phone-safe: \(points - 2) stops between ends per link; \(desktopKey) for "
                + "\(service.pointsPerLink(desktop: true) - 2)"
        }
        return note + "."
    }

    private static func directionsURL(_ stops: [Waypoint], _ service: ShareService) -> String {
        let points = stops.map(coordinate)
        switch service {
        case .google:
            var url = "https://www.google.com/maps/dir/?api=1&origin=\(points[0])&destination=\(points[points.count - 1])"
            if points.count > 2 { url += "&waypoints=" + points.dropFirst().dropLast().joined(separator: "%7C") }
            return url + "&travelmode=driving"
        case .osm:
            return "https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=" + points.joined(separator: ";")
        case .apple:
            return "https://maps.apple.com/?saddr=\(points[0])&daddr=\(points[points.count - 1])&dirflg=d"
        }
    }

    private static func placeURL(_ stop: Waypoint, _ service: ShareService) -> String {
        let point = coordinate(stop)
        switch service {
        case .google: return "https://www.google.com/maps/search/?api=1&query=\(point)"
        case .osm:
            return "https://www.openstreetmap.org/?mlat=\(degrees(stop.latitude))&mlon=\(degrees(stop.longitude))"
                + "#map=12/\(degrees(stop.latitude))/\(degrees(stop.longitude))"
        case .apple:
            let name = ExportText.line(stop.name).addingPercentEncoding(withAllowedCharacters: queryValue) ?? ""
            return "https://maps.apple.com/?ll=\(point)&q=\(name)"
        }
    }

    /// "lat,lon": commas and semicolons may stand unescaped in a query (RFC 3986 sub-delims); Google's
    /// waypoint separator `|` may not, so it is written `%7C`.
    private static func coordinate(_ stop: Waypoint) -> String {
        "\(degrees(stop.latitude)),\(degrees(stop.longitude))"
    }

    /// Five decimals (about a metre), without trailing zeros.
    private static func degrees(_ value: Double) -> String {
        var text = String(format: "%.5f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Unreserved characters (RFC 3986): everything else in a name is percent-encoded.
    private static let queryValue = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
