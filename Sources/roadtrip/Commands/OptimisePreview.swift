import Foundation
import RoadtripCore

/// What `optimise` shows before it applies: the totals before and after, the new order and what the figures
/// rest on. The app's preview (issue 22) is to read the same facts.
struct OptimisePreview {
    let trip: Trip
    let before: Itinerary
    let after: Itinerary
    let optimisation: TripOptimisation
    /// The search weighed estimated times (Routino past 15 stops, or the engine did not answer).
    let searchedOnEstimates: Bool
    /// The new order drives less than the old one.
    let better: Bool

    func text(_ unit: DistanceUnit) -> String {
        let name = TerminalSafe.line(trip.name)
        let proof = optimisation.isOptimal ? "proven best" : "the best found"
        guard better else {
            return "\(name): the stops are already in the best order (\(optimisation.isOptimal ? "proven" : "none better found")).\n"
                + notes.map { "\($0)\n" }.joined()
        }
        let saved = "\(TripText.duration(before.drivingSeconds - after.drivingSeconds))"
        var lines = ["\(name): a new order saves \(saved) of driving (\(proof)).", ""]
        let limit = TripText.duration(before.dailyLimitSeconds)
        let rows = [("", "DISTANCE", "DRIVING", "DAYS", "OVER \(limit.uppercased())"),
                    row("before", before, unit), row("after", after, unit)]
        let widths = [6, rows.map(\.1.count).max()!, rows.map(\.2.count).max()!, 4, rows.map(\.4.count).max()!]
        for row in rows {
            lines.append([pad(row.0, widths[0], right: false), pad(row.1, widths[1]), pad(row.2, widths[2]),
                          pad(row.3, widths[3]), pad(row.4, widths[4])].joined(separator: "  "))
        }
        // The names last, as in `show`: their width is not their character count.
        let digits = max(3, String(trip.waypoints.count).count)
        lines += ["", "\(pad("#", digits))  \(pad("WAS", digits))  NEW ORDER"]
        for (position, index) in optimisation.order.enumerated() {
            lines.append("\(pad(String(position + 1), digits))  \(pad(index == position ? "" : String(index + 1), digits))  "
                         + TerminalSafe.line(trip.waypoints[index].name) + (trip.waypoints[index].pinned ? "  (pinned)" : ""))
        }
        return (lines + notes).joined(separator: "\n") + "\n"
    }

    private var notes: [String] {
        var notes: [String] = []
        if optimisation.isRoundTrip { notes.append("A round trip: the last stop is the first place, so it stays last.") }
        if optimisation.pinnedCount > 0 {
            let count = optimisation.pinnedCount
            notes.append("\(TripText.count(count, "stop")) \(count == 1 ? "is" : "are") pinned and kept in place.")
        }
        if searchedOnEstimates {
            notes.append("The search weighed estimated times (the router's table was not available); the totals are routed.")
        }
        if optimisation.usesMissingLegs { notes.append("Some legs of this order have no road in the router's answer.") }
        return notes.isEmpty ? [] : [""] + notes
    }

    private func row(_ label: String, _ itinerary: Itinerary, _ unit: DistanceUnit) -> (String, String, String, String, String) {
        (label, TripText.distance(itinerary.distanceKm, unit, estimated: itinerary.hasEstimates),
         TripText.duration(itinerary.drivingSeconds), String(itinerary.days.count),
         String(itinerary.days.filter(\.exceedsLimit).count))
    }

    private func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }

    /// `optimise --json`.
    struct JSON: Encodable {
        struct Totals: Encodable {
            let distanceKm: Double
            let drivingSeconds: Double
            let days: Int
            let daysOverLimit: Int
            init(_ itinerary: Itinerary) {
                distanceKm = (itinerary.distanceKm * 10).rounded() / 10
                drivingSeconds = itinerary.drivingSeconds.rounded()
                days = itinerary.days.count
                daysOverLimit = itinerary.days.filter(\.exceedsLimit).count
            }
        }
        struct Stop: Encodable {
            let position: Int
            let name: String
            let was: Int
        }
        let trip: String
        let better: Bool
        let optimal: Bool
        let roundTrip: Bool
        let pinned: Int
        let searchedOnEstimates: Bool
        let applied: Bool
        let before: Totals
        let after: Totals
        let order: [Stop]

        init(_ preview: OptimisePreview, applied: Bool) {
            trip = preview.trip.name
            better = preview.better
            optimal = preview.optimisation.isOptimal
            roundTrip = preview.optimisation.isRoundTrip
            pinned = preview.optimisation.pinnedCount
            searchedOnEstimates = preview.searchedOnEstimates
            self.applied = applied
            before = Totals(preview.before)
            after = Totals(preview.after)
            order = preview.optimisation.order.enumerated().map {
                Stop(position: $0.offset + 1, name: preview.trip.waypoints[$0.element].name, was: $0.element + 1)
            }
        }
    }
}
