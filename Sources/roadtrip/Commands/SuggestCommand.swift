import ArgumentParser
import Foundation
import RoadtripCore

struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest", abstract: "List towns where a long day could end.",
        discussion: """
            For every day over the daily limit (or day N with --day, long or not): the gazetteer's towns within \
            20 km of the day's road where a router gave it, around the even split and the point where the limit \
            is reached, best first: the driving each adds to reach it and back, and the day's driving before and \
            after it. Without road data (the estimate) the road is unseen: towns within a quarter of each leg's \
            straight line on either side (20–250 km), each with how far off the line it lies, and region which \
            names the extracts that give the roads. A day through empty land says so. Add a town with add-stop, \
            or let pace add the best of each day.
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Option(name: .long, help: "Only this day (1 = the first), even within the limit.") var day: Int?
    @Option(name: .long, help: "Towns per day (1–50).") var limit = 8
    @Flag(name: .long, help: "Print JSON: an array of the towns.") var json = false

    func run() throws {
        let (loaded, itinerary, settings) = try CommandRoutes.plannedTrip(trip, data: data, options: unit)
        guard (1...50).contains(limit) else { throw CLIFailure.user("--limit must be between 1 and 50") }
        guard loaded.waypoints.count > 1 else {
            throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\" has \(TripText.count(loaded.waypoints.count, "stop")): no road to split")
        }
        let days: [DayOvernights]
        if day == nil && !itinerary.days.contains(where: \.exceedsLimit) {
            days = []  // nothing to look up: the gazetteer is not loaded
        } else if let day {
            guard itinerary.days.indices.contains(day - 1) else {
                throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\" has \(TripText.count(itinerary.days.count, "day")): "
                                      + "--day must be between 1 and \(itinerary.days.count)")
            }
            days = [try finder(settings).suggestions(forDay: day, trip: loaded, itinerary: itinerary, limit: limit)]
        } else {
            days = try finder(settings).suggestionsForLongDays(trip: loaded, itinerary: itinerary, limit: limit)
        }
        if json {
            try Output.printJSON(days.flatMap(\.candidates).map(CandidateJSON.init))
        } else {
            print(Self.text(loaded, itinerary, days, asked: day != nil, unit: settings.units), terminator: "")
        }
    }

    private func finder(_ settings: Settings) throws -> OvernightFinder {
        OvernightFinder(places: try PlaceLookup.index(), settings: settings)
    }

    static func text(_ trip: Trip, _ itinerary: Itinerary, _ days: [DayOvernights], asked: Bool,
                     unit: DistanceUnit) -> String {
        let name = TerminalSafe.line(trip.name)
        let limit = TripText.duration(itinerary.dailyLimitSeconds)
        guard !days.isEmpty else { return "\(name): no day is over the \(limit) limit (--day N lists towns for any day).\n" }
        var lines: [String] = []
        for day in days {
            lines.append(day.sentence(limitSeconds: itinerary.dailyLimitSeconds, unit: unit))
            if day.candidates.isEmpty {
                lines.append("")
                continue
            }
            // How far off the straight line a town lies, where the day has no road data; blank for a town by a road.
            let offLine = day.candidates.contains(where: \.onStraightLine)
            let rows = day.candidates.map { candidate in
                ["+" + TripText.duration(candidate.addedSeconds), TripText.duration(candidate.beforeSeconds),
                 TripText.duration(candidate.afterSeconds), DistanceUnit.grouped(candidate.place.population)]
                    + (offLine ? [candidate.onStraightLine ? unit.format(km: candidate.offKm) : ""] : [])
            }
            let titles = ["ADDS", "BEFORE", "AFTER", "PEOPLE"] + (offLine ? ["OFF LINE"] : [])
            let widths = titles.indices.map { column in max(titles[column].count, rows.map { $0[column].count }.max() ?? 0) }
            func line(_ cells: [String]) -> String {
                zip(cells, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined(separator: "  ")
            }
            lines.append("  " + line(titles) + "  TOWN")
            for (row, candidate) in zip(rows, day.candidates) {
                lines.append("  " + line(row) + "  " + TerminalSafe.line(candidate.place.label))
            }
            lines.append("")
        }
        if !asked { lines.insert("\(name): \(TripText.count(days.count, "day")) over the \(limit) limit.\n", at: 0) }
        if let hint = days.lazy.compactMap({ $0.roadHint(trip) }).first { lines.append(hint + "\n") }
        return lines.joined(separator: "\n")
    }

    /// One town of `suggest --json`.
    struct CandidateJSON: Encodable {
        let name: String
        let region: String?
        let country: String
        let population: Int
        let latitude: Double
        let longitude: Double
        let day: Int
        /// 1-based: the town goes after this stop.
        let afterStop: Int
        let addedSeconds: Double
        let splitSeconds: [Double]
        /// "road", or "straight line" where the leg has no road data.
        let basis: String
        /// From the road (`offRoadKm`), or from the straight line without road data (`offLineKm`): one of the two.
        let offRoadKm: Double?
        let offLineKm: Double?

        init(_ candidate: OvernightCandidate) {
            name = candidate.place.name
            region = candidate.place.admin1
            country = candidate.place.countryCode
            population = candidate.place.population
            latitude = candidate.place.latitude
            longitude = candidate.place.longitude
            day = candidate.day
            afterStop = candidate.leg + 1
            addedSeconds = candidate.addedSeconds.rounded()
            // Whole seconds that still add up to the day's driving plus the detour, to the second.
            let before = candidate.beforeSeconds.rounded()
            splitSeconds = [before, (candidate.beforeSeconds + candidate.afterSeconds).rounded() - before]
            let off = (candidate.offKm * 10).rounded() / 10
            basis = DayBasis(onStraightLine: candidate.onStraightLine).rawValue
            (offRoadKm, offLineKm) = candidate.onStraightLine ? (nil, off) : (off, nil)
        }
    }
}
