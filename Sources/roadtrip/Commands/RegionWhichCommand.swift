import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip region which TRIP`: which Geofabrik extracts to download for a trip, and the one command that
/// builds them into one region.
struct RegionWhichCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "which",
        abstract: "Name the Geofabrik extracts that cover a trip's stops and legs at the smallest download.",
        discussion: "Each leg's corridor (its straight line, \(Int(LegCorridor.marginKm)) km either side) must lie in "
            + "the extracts, built as one region so Routino can route across their borders: the command to do it "
            + "comes last. From the index of Geofabrik's extracts shipped with roadtrip (\(Credits.openStreetMap)); "
            + "sizes are those of the index's date.")

    @OptionGroup var data: DataOptions
    @Argument(help: "The trip (name or id).", completion: .tripNames) var trip: String

    func run() throws {
        BuildBeside.sweep(InstalledRegions.defaultDirectory())
        let store = try data.openStore()
        let catalog = TripCatalog(repository: store)
        let id = try failing { try catalog.find(trip) }
        guard let trip = catalog.trip(id) else { throw CLIFailure.user(TripEditError.tripNotFound.description) }
        guard !trip.waypoints.isEmpty else { throw CLIFailure.user("the trip has no stops") }
        let index: GeofabrikIndex
        do {
            index = try GeofabrikIndex.shipped()
        } catch {
            throw CLIFailure.data("cannot read the index of Geofabrik's extracts: \(error)")
        }
        print(Self.report(ExtractCover(index: index, stops: trip.waypoints.map(\.coordinate)), trip: trip), terminator: "")
    }

    /// The chosen extracts with what each holds, the total download, what lies outside every extract, and the
    /// command that builds them as one region.
    static func report(_ cover: ExtractCover, trip: Trip) -> String {
        let names = trip.waypoints.map { TerminalSafe.line($0.name) }
        func legs(_ legs: [Int]) -> String {
            (legs.count == 1 ? "leg " : "legs ") + legs.map { "\($0 + 1)–\($0 + 2)" }.joined(separator: ", ")
        }
        var out = ""
        for choice in cover.choices {
            out += line(choice.extract) + "\n"
            var holds: [String] = []
            if !choice.stops.isEmpty {
                holds.append((choice.stops.count == 1 ? "stop " : "stops ") + choice.stops.map { names[$0] }.joined(separator: ", "))
            }
            if !choice.legs.isEmpty { holds.append(legs(choice.legs)) }
            if !choice.partLegs.isEmpty { holds.append("part of " + legs(choice.partLegs)) }
            out += "  holds " + holds.joined(separator: "; ") + "\n"
        }
        if !cover.choices.isEmpty {
            let unknown = cover.unknownSizes
            out += "Total download: \(RegionFormat.bytes(cover.knownBytes))"
                + (unknown > 0 ? " and \(unknown) of unknown size" : "")
                + " (\(cover.choices.count) extract\(cover.choices.count == 1 ? "" : "s"))\n"
        }
        if !cover.isExact {
            out += "The trip touches more than \(WeightedSetCover.exactLimit) extracts: a good set, not proven the cheapest.\n"
        }
        let outside = cover.outsideLegs.map { "leg \($0 + 1)–\($0 + 2) (\(names[$0]) → \(names[$0 + 1]))" }
            + (trip.waypoints.count == 1 ? cover.outsideStops.map { "stop \(names[$0])" } : [])
        if !outside.isEmpty {
            out += "Outside every extract (open sea?), no road data for: " + outside.joined(separator: ", ") + "\n"
        }
        if !cover.choices.isEmpty {
            let command = RegionAddCommandLine.build(cover.choices.map(\.extract.fileName),
                                                     name: RegionName.from(tripName: trip.name))
            out += "Download, then build them as one region:\n  \(TerminalSafe.line(command))\n"
            out += "Geofabrik's extracts: \(Credits.openStreetMap)\n"
        }
        return out
    }

    /// "vestlandet (Vestlandet (Western Norway), 245.0 MB): https://…"; "size unknown" when the index has none.
    static func line(_ extract: GeofabrikIndex.Extract) -> String {
        let size = extract.size.map(RegionFormat.bytes) ?? "size unknown"
        return "\(TerminalSafe.line(extract.id)) (\(TerminalSafe.line(extract.name)), \(size)): \(TerminalSafe.line(extract.url))"
    }
}
