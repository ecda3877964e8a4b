import Foundation

/// GPX 1.1 (topografix.com/GPX/1/1), valid against the official schema: its element order (metadata, wpt, rte,
/// trk; in a point: time, name, cmt, desc), `version` and `creator`, six decimals.
///
/// - one `wpt` per stop: its name; `cmt` carries the notes (GPS units show `cmt`), `desc` what the trip screen
///   shows (arrival, leg, rests, stay, nights, region); `time` when the trip has dates (below);
/// - one `rte` with a `rtept` per stop, so that a device can route it;
/// - a `trk` with one `trkseg` per leg a routing engine gave the road of (an estimate has no road to draw);
/// - in `metadata`, OpenStreetMap's `copyright` and `link` when the trip carries its data (`ExportAttribution`);
/// - in the `extensions` of `metadata` and of each `wpt` and `rtept`, roadtrip's own fields (`TripFields`:
///   start date, nights, place, region, country, zone, stay) in its namespace, which the schema lets any reader skip.
///
/// Times: GPX times are UTC instants, which every reader (GPS units, gpsbabel, gpxpy, phones) shows on its own
/// clock: each stop's `time` is the planned arrival (`Itinerary.Arrival.instant`, reached on the stop's own wall
/// clock), the first stop's its departure. An undated trip has no instants (its times are of no day), so no
/// `time`. The trip's start date is our extension's: the first `time` in UTC may fall on the day before (Tokyo's
/// 08:00 is 23:00Z).
enum GPXWriter {
    static func document(_ trip: Trip, _ itinerary: Itinerary, unit: DistanceUnit, creator: String) -> String {
        let stops = trip.waypoints
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(XMLText.escaped(ExportText.line(creator)))" \
            xmlns="http://www.topografix.com/GPX/1/1" xmlns:roadtrip="\(TripFields.namespace)" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata>

            """
        out += XMLText.element("name", ExportText.line(trip.name), indent: "    ")
        out += XMLText.element("desc", trip.notes, indent: "    ")
        if ExportAttribution.carriesOpenStreetMap(trip, itinerary) {
            out += "    <copyright author=\"\(Credits.openStreetMapHolders)\">"
                + "<license>\(Credits.openStreetMapLicenceURL)</license></copyright>\n"
            out += "    <link href=\"\(Credits.openStreetMapCopyrightURL)\">"
                + "<text>\(XMLText.escaped(Credits.openStreetMap))</text></link>\n"
        }
        out += extensions(TripFields.fields(of: trip), indent: "    ")
        out += "  </metadata>\n"
        let zones = itinerary.crossesZones
        for index in stops.indices {
            out += point("wpt", stops[index], indent: "  ", time: time(itinerary, index),
                         comment: stops[index].notes,
                         description: ExportText.stopFacts(trip, itinerary, index, unit, zones: zones))
        }
        if stops.count >= 2 {
            out += "  <rte>\n" + XMLText.element("name", ExportText.line(trip.name), indent: "    ")
            for stop in stops {
                out += point("rtept", stop, indent: "    ", time: nil, comment: "", description: "")
            }
            out += "  </rte>\n"
        }
        let roads = itinerary.legs.filter { !$0.geometry.isEmpty }
        if !roads.isEmpty {
            out += "  <trk>\n" + XMLText.element("name", ExportText.line(trip.name), indent: "    ")
            for leg in roads {
                out += "    <trkseg>\n"
                for point in leg.geometry {
                    out += "      <trkpt \(position(point.latitude, point.longitude))/>\n"
                }
                out += "    </trkseg>\n"
            }
            out += "  </trk>\n"
        }
        return out + "</gpx>\n"
    }

    private static func point(_ element: String, _ stop: Waypoint, indent: String, time: String?,
                              comment: String, description: String) -> String {
        let inner = indent + "  "
        var out = "\(indent)<\(element) \(position(stop.latitude, stop.longitude))>\n"
        if let time { out += "\(inner)<time>\(time)</time>\n" }
        out += XMLText.element("name", ExportText.line(stop.name), indent: inner)
        out += XMLText.element("cmt", comment, indent: inner)
        out += XMLText.element("desc", description, indent: inner)
        out += extensions(TripFields.fields(of: stop), indent: inner)
        return out + "\(indent)</\(element)>\n"
    }

    /// `<extensions>` holding `<roadtrip:KEY>VALUE</roadtrip:KEY>` for each field; nothing without fields.
    private static func extensions(_ fields: [TripFields.Field], indent: String) -> String {
        guard !fields.isEmpty else { return "" }
        let inner = indent + "  "
        return "\(indent)<extensions>\n"
            + fields.map { XMLText.element("roadtrip:\($0.key)", $0.value, indent: inner) }.joined()
            + "\(indent)</extensions>\n"
    }

    /// The schema's longitude is -180 ≤ lon < 180: 180° (or what rounds to it) is written as the same meridian's
    /// -180.
    private static func position(_ latitude: Double, _ longitude: Double) -> String {
        let lon = ExportText.degrees(longitude)
        return "lat=\"\(ExportText.degrees(latitude))\" lon=\"\(lon == "180.000000" ? "-180.000000" : lon)\""
    }

    /// "2027-06-13T18:36:00Z": when stop `index` is reached, or left for the first stop, in UTC; nil undated.
    static func time(_ itinerary: Itinerary, _ index: Int) -> String? {
        guard itinerary.startDate != nil else { return nil }
        let arrival = itinerary.arrivals[index]
        return (index == 0 ? arrival.departure : arrival.instant).flatMap(utc)
    }

    /// "2027-06-14T20:35:00Z": the instant (to the minute, as the itinerary keeps them) in UTC; nil past the calendar.
    private static func utc(_ instant: Date) -> String? {
        let wall = utcClock.local(instant)
        return wall.date.map { "\($0)T\(wall.clock):00Z" }
    }

    private static let utcClock = ZoneClock(TimeZone(identifier: "UTC")!, dated: true)
}
