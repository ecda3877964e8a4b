import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip region which TRIP`: which Geofabrik extracts to download for a trip.
struct RegionWhichCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "which",
        abstract: "Name the smallest Geofabrik extracts that cover a trip's stops, with their download address.",
        discussion: "From the index of Geofabrik's extracts shipped with roadtrip (\(Credits.openStreetMap)); "
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
        let stops = trip.waypoints.compactMap { try? Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        let chosen = index.smallest(covering: stops)
        for (extract, covers) in chosen {
            print(Self.line(extract))
            print("  covers " + covers.map { TerminalSafe.line(trip.waypoints[$0].name) }.joined(separator: ", "))
        }
        let covered = Set(chosen.flatMap(\.covers))
        let outside = trip.waypoints.indices.filter { !covered.contains($0) }
        if !outside.isEmpty {
            print("No extract covers " + outside.map { TerminalSafe.line(trip.waypoints[$0].name) }.joined(separator: ", "))
        }
        if !chosen.isEmpty {
            print("Download, then: roadtrip region add FILE.osm.pbf (Geofabrik's extracts: \(Credits.openStreetMap))")
        }
    }

    /// "vestlandet (Vestlandet (Western Norway), 245.0 MB): https://…"; "size unknown" when the index has none.
    static func line(_ extract: GeofabrikIndex.Extract) -> String {
        let size = extract.size.map(RegionFormat.bytes) ?? "size unknown"
        return "\(TerminalSafe.line(extract.id)) (\(TerminalSafe.line(extract.name)), \(size)): \(TerminalSafe.line(extract.url))"
    }
}
