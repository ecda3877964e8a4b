import Foundation

/// What every export writes the same way: text cleaned of characters no format can carry, coordinates with
/// six decimals, and when each stop is reached and left.
enum ExportText {
    /// A single-line value (a name): `clean`, with line breaks and tabs as spaces.
    static func line(_ text: String) -> String {
        let cleaned = multiline(text)
        guard cleaned.contains(where: { $0 == "\n" || $0 == "\t" }) else { return cleaned }
        return String(cleaned.map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    }

    /// Multi-line text (notes): line breaks become `\n` (CR LF and a lone CR too); tabs stay; every other
    /// control character (C0, DEL, C1) is dropped, and so are U+FFFE and U+FFFF. XML 1.0 forbids C0 controls
    /// even as `&#1;`, and those two non-characters too (xmllint and gpsbabel refuse the file), iCalendar
    /// forbids C0 and DEL, and a GPS unit would show them as boxes: dropping them in every format keeps the
    /// files alike and valid (every other character XML 1.0 allows; surrogates cannot be in a String). Emoji,
    /// CJK and right-to-left text pass unchanged.
    static func multiline(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\r": out.append("\n")
            case "\n": if !previousWasCR { out.append(scalar) }
            case "\t": out.append(scalar)
            case _ where isControl(scalar): continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF
    }

    /// "41.878100": six decimals (about 0.1 m), never "-0.000000". Every position a writer has is finite: the
    /// stops' and the roads' are validated, and `GeoJSONWriter.cutAtAntimeridian` makes none that is not.
    static func degrees(_ value: Double) -> String {
        let text = String(format: "%.6f", value)
        return text == "-0.000000" ? "0.000000" : text
    }

    /// "Sun 13 Jun 2027 13:36", "Day 2 13:36 UTC−6", "Day 1": the arrival as the trip screen shows it, with the
    /// zone where the trip crosses zones (`zones`).
    static func arrivalText(_ trip: Trip, _ itinerary: Itinerary, _ index: Int, zones: Bool) -> String {
        let arrival = itinerary.arrivals[index]
        let day = TripText.day(index: arrival.dayIndex, date: arrival.date, start: trip.startDate)
        guard let clock = itinerary.arrivalClock(at: index) else { return day }
        return "\(day) \(ClockText.time(clock, zone: zones))"
    }

    /// What the clock adds to a stop: "1 rest" taken on the way to it, "stay 1 h 30" for a visit.
    /// A charge stop's charging ("⚡ 24 min · 150 kW · +31 kWh") and, on an electric trip, the battery there
    /// ("battery 14 → 80 %").
    static func batteryFacts(_ trip: Trip, _ index: Int, _ battery: TripBattery?) -> [String] {
        let stop = trip.waypoints[index]
        return (stop.charge.map { ["⚡ " + BatteryText.charge($0, stayMinutes: stop.stayMinutes)] } ?? [])
            + (battery.map { ["battery " + $0.text(at: index)] } ?? [])
    }

    static func clockFacts(_ arrival: Itinerary.Arrival) -> [String] {
        var facts: [String] = []
        if let rests = ClockText.rests(arrival) { facts.append(rests) }
        if arrival.stayMinutes > 0 { facts.append("stay \(TripText.duration(Double(arrival.stayMinutes) * 60))") }
        return facts
    }

    /// The stop's region and country ("Illinois, US"), or nil.
    static func place(_ stop: Waypoint) -> String? {
        let parts = [stop.region, stop.countryCode].compactMap { $0.map(line) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The legs as one line from the first stop to the last: each leg's road where a routing engine gave it, else the
    /// straight line between its stops; a point repeated where two legs meet is written once.
    static func routeLine(_ trip: Trip, _ itinerary: Itinerary) -> [Coordinate] {
        var points: [Coordinate] = []
        for leg in itinerary.legs where trip.waypoints.indices.contains(leg.to) {
            let shape = leg.geometry.count >= 2
                ? leg.geometry : [trip.waypoints[leg.from].coordinate, trip.waypoints[leg.to].coordinate]
            for point in shape where point != points.last { points.append(point) }
        }
        return points
    }
}

extension ExportText {
    /// "Stop 2 of 12 · Sun 13 Jun 2027 13:36 · ≈368 km · 4 h 36 from Chicago · 1 rest · 1 night · Illinois, US":
    /// what the trip screen shows of a stop, on one line (GPX `desc`, KML `description`, the calendar's stays).
    /// `zones`: whether times carry their zone (`Itinerary.crossesZones`).
    static func stopFacts(_ trip: Trip, _ itinerary: Itinerary, _ index: Int, _ unit: DistanceUnit, zones: Bool) -> String {
        let stops = trip.waypoints
        var facts = ["Stop \(DistanceUnit.grouped(index + 1)) of \(DistanceUnit.grouped(stops.count))",
                     arrivalText(trip, itinerary, index, zones: zones)]
        if index > 0, itinerary.legs.indices.contains(index - 1) {
            facts.append("\(TripText.leg(itinerary.legs[index - 1], unit)) from \(line(stops[index - 1].name))")
        }
        if index == 0, let leaves = itinerary.arrivals[0].departureLocal {
            facts.append("leaves \(ClockText.time(leaves, zone: zones))")
        }
        facts += clockFacts(itinerary.arrivals[index])
        if stops[index].nights > 0 { facts.append(TripText.count(stops[index].nights, "night")) }
        if let place = place(stops[index]) { facts.append(place) }
        return facts.joined(separator: " · ")
    }
}
