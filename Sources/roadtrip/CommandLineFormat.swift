import Foundation
import RoadtripApp
import RoadtripCore

/// Plain-text output of the command line. Names come last on each line so that the numeric columns align
/// whatever the names' widths (CJK, emoji); every text from the data file is sanitised.
enum CommandLineFormat {
    static func tripList(_ trips: [TripSummary], unit: DistanceUnit) -> String {
        guard !trips.isEmpty else { return "No trips yet. Create one with: roadtrip new NAME\n" }
        let distances = trips.map { unit.format(km: $0.totalKm) }
        let width = max("DISTANCE".count, distances.map(\.count).max() ?? 0)
        var out = "STOPS  \(pad("DISTANCE", width))  TRIP\n"
        for (trip, distance) in zip(trips, distances) {
            out += "\(pad(String(trip.stopCount), 5))  \(pad(distance, width))  \(TerminalSafe.line(trip.name))"
            if let first = trip.firstStop {
                let route = trip.lastStop.map { "\(first) → \($0)" } ?? first
                out += "  (\(TerminalSafe.line(route)))"
            }
            out += "\n"
        }
        return out
    }

    static func trip(_ trip: Trip, unit: DistanceUnit) -> String {
        let route = RouteDistances(trip.waypoints)
        var facts = [count(trip.waypoints.count, "stop"), unit.format(km: route.totalKm)]
        if trip.totalNights > 0 { facts.append(count(trip.totalNights, "night")) }
        if let start = trip.startDate { facts.append("starts \(start)") }
        var out = "\(TerminalSafe.line(trip.name))\n\(facts.joined(separator: " · "))\n"
        if !trip.waypoints.isEmpty {
            let legs = route.legs.map { $0.map(unit.format(km:)) ?? "—" }
            let legWidth = max(3, legs.map(\.count).max() ?? 0)
            let numberWidth = max(1, String(trip.waypoints.count).count)
            out += "\n\(pad("#", numberWidth))  \(pad("LEG", legWidth))  NIGHTS  STOP\n"
            for (index, stop) in trip.waypoints.enumerated() {
                out += "\(pad(String(index + 1), numberWidth))  \(pad(legs[index], legWidth))  "
                out += "\(pad(String(stop.nights), 6))  \(TerminalSafe.line(place(stop)))\n"
            }
        }
        if !trip.notes.isEmpty {
            out += "\nNotes:\n"
            for line in TerminalSafe.multiline(trip.notes).split(separator: "\n", omittingEmptySubsequences: false) {
                out += "  \(line)\n"
            }
        }
        return out
    }

    /// "Springfield (Illinois, US)" when the region or country is known.
    static func place(_ stop: Waypoint) -> String {
        let context = [stop.region, stop.countryCode].compactMap { $0 }.filter { !$0.isEmpty }
        return context.isEmpty ? stop.name : "\(stop.name) (\(context.joined(separator: ", ")))"
    }

    static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(DistanceUnit.grouped(n)) \(noun)s"
    }

    /// Right-aligns ASCII text (numbers and headings only: their width is their count).
    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// Ranked places: population and coordinates first, the name and region last.
    static func places(_ matches: [PlaceMatch]) -> String {
        let populations = matches.map { $0.place.population > 0 ? DistanceUnit.grouped($0.place.population) : "" }
        let width = max("POPULATION".count, populations.map(\.count).max() ?? 0)
        var out = "\(pad("POPULATION", width))  \("COORDINATES".padding(toLength: 20, withPad: " ", startingAt: 0))  PLACE\n"
        for (match, population) in zip(matches, populations) {
            let place = match.place
            let point = String(format: "%9.4f, %9.4f", place.latitude, place.longitude)
            var label = match.kind == .coordinate ? "(this point)" : place.label
            if match.kind == .nearest, let km = match.distanceKm { label += "  (nearest, \(DistanceUnit.km.format(km: km)))" }
            out += "\(pad(population, width))  \(point)  \(TerminalSafe.line(label))\n"
        }
        return out
    }
}
