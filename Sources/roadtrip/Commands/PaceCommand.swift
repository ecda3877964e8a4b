import ArgumentParser
import Foundation
import RoadtripCore

struct PaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pace", abstract: "Add a night along every day over the daily limit.",
        discussion: """
            Splits each day over the daily limit at the best town near its road (as suggest ranks them; without \
            road data near the straight line, each new town with how far off it lies), again and again until \
            every day fits: a 20-hour day at a 6-hour limit takes three nights. Prints the days before and after, \
            the nights added and any day still too long (a leg longer than the limit with no town near it), then \
            asks before applying (--yes applies, --dry-run only prints). One change: undo in the app takes it \
            back whole.
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
