import ArgumentParser
import Foundation
import RoadtripCore

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a trip: its stops, each leg's distance and driving time, and its days.")

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique case-insensitive prefix is enough) or id.") var trip: String
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        let store = try data.openStore()
        let catalog = TripCatalog(repository: store)
        let id = try failing { try catalog.find(trip) }
        guard let loaded = catalog.trip(id) else { throw CLIFailure.user(TripEditError.tripNotFound.description) }
        let (settings, problems) = unit.effectiveSettings()
        Output.printNotices(problems)
        let itinerary = CommandRoutes.itinerary(loaded, settings: settings)
        if json {
            try Output.printJSON(TripJSON(loaded, itinerary))
        } else {
            print(CommandLineFormat.trip(loaded, itinerary, unit: settings.units), terminator: "")
        }
    }
}
