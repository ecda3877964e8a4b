import ArgumentParser
import Foundation
import RoadtripCore

struct AlongCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "along", abstract: "List the points of interest along a day's road.",
        discussion: """
            The installed regions' points of interest (roadtrip region add) of a category within a corridor of \
            day N's road (with --leg N instead, of the leg from stop N to the next; the router's road when it \
            gave one, else the straight line between the stops, which the output then names: without road data \
            the road is unseen), in order along it: how far into the day, how far off the line, \
            and the detour each adds (there and back from the nearest point of the road, by the estimate: twice \
            the straight line times the detour factor, at its speed). Categories: sleep (hotels, campsites…), \
            fuel, charge, see (viewpoints, museums…), rest, ferry; several with commas. Add one with add-stop \
            --at (afterStop + 1 of the JSON), or with a on the day in the app's days view. \
            Data \(Credits.openStreetMap).
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Option(name: .long, help: "The day (1 = the first).") var day: Int?
    @Option(name: .long, help: "Instead of a day, the leg from stop N to the next (1 = the first).") var leg: Int?
    @Option(name: .long, help: "sleep, fuel, charge, see, rest or ferry; several with commas.") var category: String
    @Option(name: .long, help: "The corridor's half-width in km (0.1–100).") var within = AlongFinder.defaultCorridorKm
    @Flag(name: .long, help: "Print JSON: an array of the points of interest.") var json = false

    func run() throws {
        var categories: [POICategory] = []
        for word in category.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard let known = POICategory(rawValue: word) else {
                throw CLIFailure.user("unknown category \"\(TerminalSafe.line(word))\": use "
                                      + POICategory.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if !categories.contains(known) { categories.append(known) }
        }
        guard !categories.isEmpty else { throw CLIFailure.user("--category needs a category") }
        guard (day == nil) != (leg == nil) else { throw CLIFailure.user("give --day N or --leg N") }
        guard within.isFinite, AlongFinder.corridorRange.contains(within) else {
            throw CLIFailure.user("--within must be a number of km from 0.1 to 100")
        }
        let (loaded, itinerary, settings) = try CommandRoutes.plannedTrip(trip, data: data, options: unit)
        if let day, !itinerary.days.indices.contains(day - 1) {
            throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\" has \(TripText.count(itinerary.days.count, "day")): "
                                  + "--day must be between 1 and \(itinerary.days.count)")
        }
        if let leg, !itinerary.legs.indices.contains(leg - 1) {
            throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\" has \(TripText.count(itinerary.legs.count, "leg")): "
                                  + "--leg must be between 1 and \(max(1, itinerary.legs.count))")
        }
        let regions = InstalledRegions.scan()
        guard !regions.regions.isEmpty else {
            throw CLIFailure.user("no region is installed: add one with roadtrip region add FILE.osm.pbf")
        }
        let index = POIIndex.load(regions, cacheDirectory: LegCache.defaultDirectory())
        index.skipped.forEach(Output.printError)
        let finder = AlongFinder(index: index, settings: settings)
        let along = leg.map { finder.along(leg: $0 - 1, trip: loaded, itinerary: itinerary, categories: categories, corridorKm: within) }
            ?? finder.along(day: day!, trip: loaded, itinerary: itinerary, categories: categories, corridorKm: within)
        if json {
            try Output.printJSON(along.stops.map(AlongJSON.init))
        } else {
            let what = leg.map { "Leg \($0) (\(TerminalSafe.line(loaded.waypoints[$0 - 1].name)) → "
                                 + "\(TerminalSafe.line(loaded.waypoints[$0].name)))" } ?? "Day \(along.day)"
            print(Self.text(along, what, settings.units), terminator: "")
        }
    }

    /// `what`: "Day 2", "Leg 3 (Oban → Mallaig)".
    static func text(_ along: AlongDay, _ what: String, _ unit: DistanceUnit) -> String {
        let kinds = along.categories.map(\.rawValue).joined(separator: ", ")
        let corridor = unit.format(km: along.corridorKm)
        let basis = along.basis.lineText
        guard !along.stops.isEmpty else {
            return "\(what): no \(kinds) within \(corridor) of \(basis).\n"
        }
        var lines = ["\(what): \(TripText.count(along.stops.count, "place")) (\(kinds)) within \(corridor) of \(basis), "
                     + "in order. Data \(Credits.openStreetMap)."]
        let rows = along.stops.map { stop in
            [unit.format(km: stop.kmAlong), TripText.duration(stop.secondsAlong),
             unit.format(km: stop.offKm) + (along.basis == .mixed ? (stop.onStraightLine ? " line" : " road") : ""),
             "+" + TripText.duration(stop.detourSeconds), stop.feature.kind.replacingOccurrences(of: "_", with: " ")]
        }
        let off: String
        switch along.basis {
        case .road: off = "OFF ROAD"
        case .straightLine: off = "OFF LINE"
        case .mixed: off = "OFF"
        }
        let titles = ["ALONG", "AT", off, "DETOUR", "KIND"]
        let widths = titles.indices.map { column in max(titles[column].count, rows.map { $0[column].count }.max() ?? 0) }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { column, pair in
                let pad = String(repeating: " ", count: max(0, pair.1 - pair.0.count))
                return column == titles.count - 1 ? pair.0 + pad : pad + pair.0
            }.joined(separator: "  ")
        }
        lines.append("  " + line(titles) + "  NAME")
        for (row, stop) in zip(rows, along.stops) {
            lines.append("  " + line(row) + "  " + TerminalSafe.line(stop.name))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One point of interest of `along --json`.
    struct AlongJSON: Encodable {
        let name: String
        let osmID: String
        let category: String
        let kind: String
        let latitude: Double
        let longitude: Double
        /// 1-based: as a stop it goes after this stop.
        let afterStop: Int
        let alongKm: Double
        let alongSeconds: Double
        /// "road", or "straight line" where the leg has no road data.
        let basis: String
        /// From the road (`offRoadKm`), or from the straight line without road data (`offLineKm`): one of the two.
        let offRoadKm: Double?
        let offLineKm: Double?
        let detourKm: Double
        let detourSeconds: Double
        let attribution = Credits.openStreetMap

        init(_ stop: AlongStop) {
            name = stop.name
            osmID = stop.feature.osmID
            category = stop.feature.category?.rawValue ?? ""
            kind = stop.feature.kind
            latitude = stop.feature.latitude
            longitude = stop.feature.longitude
            afterStop = stop.leg + 1
            alongKm = (stop.kmAlong * 10).rounded() / 10
            alongSeconds = stop.secondsAlong.rounded()
            let off = (stop.offKm * 100).rounded() / 100
            basis = DayBasis(onStraightLine: stop.onStraightLine).rawValue
            (offRoadKm, offLineKm) = stop.onStraightLine ? (nil, off) : (off, nil)
            detourKm = (stop.detourKm * 10).rounded() / 10
            detourSeconds = stop.detourSeconds.rounded()
        }
    }
}
