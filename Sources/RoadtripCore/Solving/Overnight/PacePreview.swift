import Foundation

/// What pacing a trip would do, in lines: the days before and after, each night added, and the days still too long.
/// `roadtrip pace` prints it; the days view's `P` shows it before `Enter` applies. Names are sanitised.
public struct PacePreview {
    public let pacing: TripPacing
    public let before: Itinerary

    public init(pacing: TripPacing, before: Itinerary) {
        self.pacing = pacing
        self.before = before
    }

    public func text(_ unit: DistanceUnit) -> String {
        lines(unit).joined(separator: "\n") + "\n"
    }

    public func lines(_ unit: DistanceUnit) -> [String] {
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
        return lines
    }

    private func row(_ label: String, _ itinerary: Itinerary) -> [String] {
        [label, String(itinerary.days.count), String(itinerary.days.filter(\.exceedsLimit).count),
         TripText.duration(itinerary.days.map(\.drivingSeconds).max() ?? 0), TripText.duration(itinerary.drivingSeconds)]
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
