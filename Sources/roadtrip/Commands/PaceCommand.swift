import ArgumentParser
import Foundation
import RoadtripCore

struct PaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pace", abstract: "Add a night along every day over the daily limit.",
        discussion: """
            Splits each day over the daily limit at the best town along its road (as suggest ranks them), again \
            and again until every day fits: a 20-hour day at a 6-hour limit takes three nights. Prints the days \
            before and after, the nights added and any day still too long (a leg longer than the limit with no \
            town along it), then asks before applying (--yes applies, --dry-run only prints). One change: undo \
            in the app takes it back whole.
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Flag(name: .long, help: "Print the new nights without adding them.") var dryRun = false
    @Flag(name: .long, help: "Apply without asking.") var yes = false

    func run() throws {
        let (loaded, before, settings) = try CommandRoutes.plannedTrip(trip, data: data, options: unit)
        guard loaded.waypoints.count > 1 else {
            throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\" has \(TripText.count(loaded.waypoints.count, "stop")): no road to split")
        }
        let finder = OvernightFinder(places: try PlaceLookup.index(), settings: settings)
        let pacing = CommandRoutes.withItineraries(settings) { itinerary in
            TripPacing.pace(loaded, finder: finder, itinerary: itinerary)
        }
        print(PacePreview(pacing: pacing, before: before).text(settings.units), terminator: "")
        guard pacing.changesTrip, !dryRun else { return }
        guard try Confirmation.confirmed(yes, question: "Add these nights?", refused: "Not applied",
                                         declined: "The trip is unchanged.") else { return }
        let store = try data.openStore()
        let change = try failing { try TripEditor(tripID: loaded.id, repository: store).pace(pacing) }
        print(TerminalSafe.line(change.done))
    }
}

/// What `pace` shows before it applies: the days before and after, each night added, and the days still too long.
struct PacePreview {
    let pacing: TripPacing
    let before: Itinerary

    func text(_ unit: DistanceUnit) -> String {
        let name = TerminalSafe.line(pacing.before.name)
        let after = pacing.itinerary, trip = pacing.after
        let limit = TripText.duration(after.dailyLimitSeconds)
        var lines: [String] = []
        if pacing.changesTrip {
            lines.append("\(name): \(TripText.count(pacing.inserted.count, "night")) on the road"
                         + (pacing.longDays.isEmpty ? " bring every day within \(limit)." : "."))
        } else {
            lines.append(pacing.longDays.isEmpty ? "\(name): no day is over the \(limit) limit." : "\(name): no town can split a long day.")
        }
        if pacing.changesTrip {
            let rows = [["", "DAYS", "OVER \(limit.uppercased())", "LONGEST DAY", "DRIVING"], row("before", before), row("after", after)]
            let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max()! }
            lines.append("")
            for row in rows {
                lines.append(zip(row, widths).enumerated().map { column, cell in
                    let fill = String(repeating: " ", count: max(0, cell.1 - cell.0.count))
                    return column == 0 ? cell.0 + fill : fill + cell.0
                }.joined(separator: "  "))
            }
            lines += ["", "NEW NIGHTS", "  DAY  DRIVING  STOP  TOWN"]
            let old = Set(pacing.before.waypoints.map(\.id))
            for (index, stop) in trip.waypoints.enumerated() where !old.contains(stop.id) {
                let day = after.arrivals[index].dayIndex
                let driving = after.days.indices.contains(day) ? TripText.duration(after.days[day].drivingSeconds) : ""
                lines.append("  " + pad(String(day + 1), 3) + "  " + pad(driving, 7) + "  " + pad(String(index + 1), 4) + "  "
                             + TerminalSafe.line([stop.name, stop.region, stop.countryCode].compactMap { $0 }.joined(separator: ", ")))
            }
        }
        if !pacing.longDays.isEmpty { lines.append("") }
        for long in pacing.longDays {
            let driving = TripText.duration(long.drivingSeconds)
            if let leg = long.leg, let seconds = long.legSeconds {
                let from = TerminalSafe.line(trip.waypoints[leg].name), to = TerminalSafe.line(trip.waypoints[leg + 1].name)
                lines.append("Day \(long.day) stays over \(limit) (\(driving)): leg \(leg + 1)–\(leg + 2), \(from) to \(to), "
                             + "is \(TripText.duration(seconds)) with no town along it.")
            } else {
                lines.append("Day \(long.day) stays over \(limit) (\(driving)): no town along its road.")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ label: String, _ itinerary: Itinerary) -> [String] {
        [label, String(itinerary.days.count), String(itinerary.days.filter(\.exceedsLimit).count),
         TripText.duration(itinerary.days.map(\.drivingSeconds).max() ?? 0), TripText.duration(itinerary.drivingSeconds)]
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
