import Foundation

/// GPX 1.1 (topografix.com/GPX/1/1), valid against the official schema: its element order (metadata, wpt, rte,
/// trk; in a point: time, name, cmt, desc), `version` and `creator`, six decimals.
///
/// - one `wpt` per stop: its name; `cmt` carries the notes (GPS units show `cmt`), `desc` what the trip screen
///   shows (arrival, leg, nights, region); `time` the planned arrival when the trip has dates;
/// - one `rte` with a `rtept` per stop, so that a device can route it;
/// - a `trk` with one `trkseg` per leg a routing engine gave the road of (an estimate has no road to draw);
/// - in the `extensions` of `metadata` and of each `wpt` and `rtept`, roadtrip's own fields (`TripFields`:
///   start date, nights, place, region, country, zone, stay) in its namespace, which the schema lets any reader skip.
///
/// Times: GPX times are UTC, and readers (GPS units, gpsbabel, gpxpy) expect the `Z`; a trip has dates but no
/// time zone (it is planned in local time wherever the traveller is). So the planned local clock time is
/// written as if it were UTC: an app that shows GPX times as written reads the same date and time as the
/// trip screen; one that converts to the device's zone shifts them by that zone's offset. The first stop has
/// no arrival, so no time.
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
        out += extensions(TripFields.fields(of: trip), indent: "    ")
        out += "  </metadata>\n"
        for index in stops.indices {
            out += point("wpt", stops[index], indent: "  ", time: time(itinerary, index),
                         comment: stops[index].notes,
                         description: ExportText.stopFacts(trip, itinerary, index, unit))
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

    /// "2027-06-13T13:36:00Z": the planned arrival (see the type's comment on time zones).
    static func time(_ itinerary: Itinerary, _ index: Int) -> String? {
        guard let (date, minutes) = ExportText.arrival(itinerary, index) else { return nil }
        return "\(date)T" + String(format: "%02d:%02d:00Z", minutes / 60, minutes % 60)
    }
}
