import Foundation

/// What pacing a trip would do, in lines: the days before and after, each night added, and the days still too long;
/// without road data, how far off the straight line each new town lies and where the roads come from.
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
            let bring = pacing.inserted.count == 1 ? "brings" : "bring"
            lines.append("\(name): \(TripText.count(pacing.inserted.count, "night")) on the road"
                         + (pacing.longDays.isEmpty ? " \(bring) every day within \(limit)." : "."))
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
            // Towns found without road data say how far off the straight line they lie.
            let straight = pacing.inserted.contains(where: \.onStraightLine)
            lines += ["", straight ? "NEW NIGHTS, found on the straight line (no road data)" : "NEW NIGHTS",
                      "  DAY  DRIVING  STOP  " + (straight ? "OFF LINE  " : "") + "TOWN"]
            let old = Set(pacing.before.waypoints.map(\.id))
            for (index, stop) in trip.waypoints.enumerated() where !old.contains(stop.id) {
                let day = after.arrivals[index].dayIndex
                let driving = after.days.indices.contains(day) ? TripText.duration(after.days[day].drivingSeconds) : ""
                let found = pacing.inserted.first { $0.place.latitude == stop.latitude && $0.place.longitude == stop.longitude }
                let off = found.map { $0.onStraightLine ? unit.format(km: $0.offKm) : "" } ?? ""
                lines.append("  " + pad(String(day + 1), 3) + "  " + pad(driving, 7) + "  " + pad(String(index + 1), 4) + "  "
                             + (straight ? pad(off, 8) + "  " : "")
                             + TerminalSafe.line([stop.name, stop.region, stop.countryCode].compactMap { $0 }.joined(separator: ", ")))
            }
        }
        if !pacing.longDays.isEmpty { lines.append("") }
        for long in pacing.longDays {
            let driving = TripText.duration(long.drivingSeconds)
            let none = Self.noTown(long.corridor, unit)
            if let leg = long.leg, let seconds = long.legSeconds {
                let from = TerminalSafe.line(trip.waypoints[leg].name), to = TerminalSafe.line(trip.waypoints[leg + 1].name)
                lines.append("Day \(long.day) stays over \(limit) (\(driving)): leg \(leg + 1)–\(leg + 2), \(from) to \(to), "
                             + "is \(TripText.duration(seconds)) with \(none.leg).")
            } else {
                lines.append("Day \(long.day) stays over \(limit) (\(driving)): \(none.day).")
            }
        }
        if pacing.inserted.contains(where: \.onStraightLine) || pacing.longDays.contains(where: { $0.corridor.basis != .road }) {
            lines += ["", DayOvernights.roadHint(trip)]
        }
        return lines
    }

    /// Why a long day stays long: "no town along it" (a leg), "no town along its road" (a day); without road data
    /// "no town within 250 km of its straight line — without road data roadtrip cannot see the road".
    private static func noTown(_ corridor: OvernightCorridor, _ unit: DistanceUnit) -> (leg: String, day: String) {
        guard corridor.basis != .road else { return ("no town along it", "no town along its road") }
        let text = "no town within \(corridor.widths(unit, of: "its")) — \(OvernightCorridor.unseenRoad)"
        return (text, text)
    }

    private func row(_ label: String, _ itinerary: Itinerary) -> [String] {
        [label, String(itinerary.days.count), String(itinerary.days.filter(\.exceedsLimit).count),
         TripText.duration(itinerary.days.map(\.drivingSeconds).max() ?? 0), TripText.duration(itinerary.drivingSeconds)]
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
