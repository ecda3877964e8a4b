import ArgumentParser
import Foundation
import RoadtripCore

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a trip: its stops, each leg's distance and driving time, and its days.")

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        let (loaded, itinerary, settings) = try CommandRoutes.plannedTrip(trip, data: data, options: unit)
        let fuel = FuelCheckOutput.check(loaded, itinerary, settings)
        let notes = RegionSpan.find(loaded, itinerary, in: InstalledRegions.scan(), router: settings.router).map(\.note)
        let cost = TripCost(itinerary: itinerary, trip: loaded, settings: settings)
        let battery = CommandRoutes.battery(loaded, itinerary, settings: settings)
        if json {
            var shown = TripJSON(loaded, itinerary, settings: settings, cost: cost, battery: battery)
            shown.fuelGaps = fuel.map { $0.gaps.map(FuelCheckOutput.Gap.init) }
            shown.fuelNotChecked = fuel.map { $0.unchecked.map(FuelCheckOutput.Unchecked.init) }
            shown.notes = notes
            try Output.printJSON(shown)
        } else {
            print(CommandLineFormat.trip(loaded, itinerary, unit: settings.units, fuel: fuel, notes: notes,
                                         settings: settings, cost: cost, battery: battery), terminator: "")
        }
    }
}
