import Foundation

/// Markdown (CommonMark, as GitHub, GitLab and Codeberg render it): the trip's summary and notes, then a section
/// per day, with its date (or "Day N"), its departure time, its driving and plan as the `v` screen shows them, and
/// each stop reached that day with its arrival time, leg, rests, stay, nights and notes. Times are local, each on
/// its stop's clock; where the trip crosses zones each carries its zone ("12:00 UTC−6").
///
/// Text from the trip is escaped so that it reads as written: no name or note can open a heading, a list, a
/// table, a link, emphasis or raw HTML.
enum MarkdownWriter {
    static func document(_ trip: Trip, _ itinerary: Itinerary, unit: DistanceUnit, cost: TripCost? = nil,
                         battery: TripBattery? = nil) -> String {
        var cleaned = trip
        for index in cleaned.waypoints.indices {
            cleaned.waypoints[index].name = ExportText.line(cleaned.waypoints[index].name)
        }
        let stops = cleaned.waypoints
        var out = "# \(inline(ExportText.line(trip.name)))\n\n\(inline(TripText.summary(cleaned, itinerary, unit)))\n"
        if let line = cost.flatMap(CostText.summary) { out += "\nCost: \(inline(line))\n" }
        if let notes = lines(trip.notes, indent: "") { out += "\n\(notes)\n" }
        let zones = itinerary.crossesZones
        for day in itinerary.days {
            out += "\n## Day \(DistanceUnit.grouped(day.number))"
            if let date = day.date { out += " · \(TripText.day(date))" }
            var (driving, plan) = TripText.dayPlan(day, itinerary, stops, unit)
            if day.isDriving, let leaves = itinerary.arrivals[day.startStop].departureLocal {
                driving = "Leaves \(ClockText.time(leaves, zone: zones)) · \(driving)"
            }
            out += "\n\n" + inline(driving.isEmpty ? plan : "\(driving) — \(plan)") + "\n"
            if let cost, cost.days.indices.contains(day.number - 1), case let parts = CostText.dayParts(cost.days[day.number - 1], cost),
               !parts.isEmpty {
                out += "\nCost: " + inline(parts) + "\n"
            }
            let reached = (day.number == 1 && !stops.isEmpty ? [0] : []) + day.legs.map { $0 + 1 }
            if !reached.isEmpty { out += "\n" }
            for index in reached { out += item(trip, itinerary, index, unit, zones: zones, battery: battery) }
        }
        if ExportAttribution.carriesOpenStreetMap(trip, itinerary) {
            out += "\n---\n\n" + inline(ExportAttribution.openStreetMapLine) + "\n"
        }
        return out
    }

    /// "- 13:36 **Springfield** · Illinois, US · ≈368 km · 4 h 36 · 1 rest · 1 night", the notes below it.
    private static func item(_ trip: Trip, _ itinerary: Itinerary, _ index: Int, _ unit: DistanceUnit,
                             zones: Bool, battery: TripBattery?) -> String {
        let stop = trip.waypoints[index]
        var facts: [String] = []
        if let place = ExportText.place(stop) { facts.append(inline(place)) }
        if index > 0, itinerary.legs.indices.contains(index - 1) {
            facts.append(TripText.leg(itinerary.legs[index - 1], unit))
        } else {
            facts.append("start")
        }
        facts += ExportText.clockFacts(itinerary.arrivals[index]) + ExportText.batteryFacts(trip, index, battery)
        if stop.nights > 0 { facts.append(TripText.count(stop.nights, "night")) }
        let clock = itinerary.arrivalClock(at: index).map { "\(ClockText.time($0, zone: zones)) " } ?? ""
        var out = "- \(clock)**\(inline(ExportText.line(stop.name)))** · \(facts.joined(separator: " · "))"
        if let notes = lines(stop.notes, indent: "  ") { out += "\\\n\(notes)" }
        return out + "\n"
    }

    /// Notes as lines of one paragraph (hard breaks between them; blank lines dropped, so that the paragraph,
    /// or the list item it belongs to, goes on), each indented; nil for empty notes.
    private static func lines(_ notes: String, indent: String) -> String? {
        let lines = ExportText.multiline(notes).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.isEmpty ? nil : lines.map { indent + inline($0) }.joined(separator: "\\\n")
    }

    /// Text escaped for a line of Markdown: backslashes before every character that could mark something up
    /// anywhere in a line, and before a line's first character where it could start a block (`-` `+` `=` `>`,
    /// or the `.` / `)` after the digits of a numbered list).
    static func inline(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>&|~#".contains(character) { out.append("\\") }
            out.append(character)
        }
        if let first = out.first, "-+=>".contains(first) { return "\\" + out }
        let digits = out.prefix(while: \.isASCIIDigit)
        if !digits.isEmpty, digits.count <= 9, let next = out.dropFirst(digits.count).first, next == "." || next == ")" {
            return digits + "\\" + out.dropFirst(digits.count)
        }
        return out
    }
}

extension Character {
    /// 0 to 9, not the other scripts' digits (for Markdown's lists and the coordinates in a link).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
