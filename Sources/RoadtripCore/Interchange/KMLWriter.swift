import Foundation

/// KML 2.2 (Google Earth, Google My Maps): a Folder of Placemarks for the stops and a Placemark with a
/// LineString for the route (each leg's road where a routing engine gave it, else the straight line between its stops,
/// drawn along the ground: `tessellate`). Coordinates are lon,lat with six decimals. Each stop's notes are also
/// in its `ExtendedData` ("notes"), and roadtrip's own fields (`TripFields`) are `Data` named `roadtrip:…` in
/// the stop's and the Document's `ExtendedData` (Google Earth shows them as a table), which `KMLReader` reads back.
/// A trip carrying OpenStreetMap's data credits it in the Document's `Snippet` (`ExportAttribution`).
///
/// A `description` is HTML to Google Earth: its text is escaped for HTML first (so `<b>` in a note is shown,
/// not obeyed), its lines joined with `<br>`, and the whole escaped again for XML.
enum KMLWriter {
    static func document(_ trip: Trip, _ itinerary: Itinerary, unit: DistanceUnit) -> String {
        let stops = trip.waypoints
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
              <Document>

            """
        out += XMLText.element("name", ExportText.line(trip.name), indent: "    ")
        if ExportAttribution.carriesOpenStreetMap(trip, itinerary) {
            // Google Earth shows a Snippet under the name; an import reads the trip's notes from the description.
            out += XMLText.element("Snippet", ExportAttribution.openStreetMapLine, indent: "    ")
        }
        out += XMLText.element("description", html([trip.notes]), indent: "    ")
        let tripData = TripFields.fields(of: trip).map { data(TripFields.kmlPrefix + $0.key, $0.value) }
        if !tripData.isEmpty { out += "    <ExtendedData>\(tripData.joined())</ExtendedData>\n" }
        out += "    <Folder>\n      <name>Stops</name>\n"
        let zones = itinerary.crossesZones
        for index in stops.indices {
            let stop = stops[index]
            out += "      <Placemark>\n"
            out += XMLText.element("name", ExportText.line(stop.name), indent: "        ")
            out += XMLText.element("description", html([ExportText.stopFacts(trip, itinerary, index, unit, zones: zones), stop.notes]),
                                   indent: "        ")
            // The notes alone as well, so that an import gets them back without the computed facts.
            let stopData = [data("notes", stop.notes)]
                + TripFields.fields(of: stop).map { data(TripFields.kmlPrefix + $0.key, $0.value) }
            out += "        <ExtendedData>\(stopData.joined())</ExtendedData>\n"
            out += "        <Point><coordinates>\(coordinates(stop.coordinate))</coordinates></Point>\n"
            out += "      </Placemark>\n"
        }
        out += "    </Folder>\n"
        let route = ExportText.routeLine(trip, itinerary)
        if route.count >= 2 {
            out += "    <Placemark>\n"
            out += XMLText.element("name", ExportText.line(trip.name), indent: "      ")
            out += "      <LineString>\n        <tessellate>1</tessellate>\n        <coordinates>"
            out += route.map(coordinates).joined(separator: " ")
            out += "</coordinates>\n      </LineString>\n    </Placemark>\n"
        }
        return out + "  </Document>\n</kml>\n"
    }

    /// Paragraphs as the HTML text of a `description` (not yet escaped for XML), empty ones left out.
    private static func html(_ paragraphs: [String]) -> String {
        paragraphs.flatMap { ExportText.multiline($0).split(separator: "\n", omittingEmptySubsequences: false) }
            .map { XMLText.escaped(String($0)) }
            .drop(while: \.isEmpty).reversed().drop(while: \.isEmpty).reversed()
            .joined(separator: "<br>")
    }

    /// `<Data name="NAME"><value>VALUE</value></Data>`.
    private static func data(_ name: String, _ value: String) -> String {
        "<Data name=\"\(XMLText.escaped(name))\"><value>\(XMLText.escaped(value))</value></Data>"
    }

    private static func coordinates(_ point: Coordinate) -> String {
        "\(ExportText.degrees(point.longitude)),\(ExportText.degrees(point.latitude))"
    }
}
