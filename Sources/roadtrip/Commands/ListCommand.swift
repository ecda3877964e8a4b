import ArgumentParser
import Foundation
import RoadtripApp
import RoadtripCore

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List trips, newest first.")

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        let store = try data.openStore()
        let interactor = TripListInteractor(repository: store)
        let trips = interactor.loadTrips()
        if json {
            try Output.printJSON(trips.map(TripSummaryJSON.init))
        } else {
            Output.printNotices(interactor.notices)
            if trips.isEmpty, let version = interactor.newerSchemaVersion {
                // Not "no trips yet": its trips may be there, unreadable here, and creating one is refused.
                print("This file was written by a newer roadtrip (schema \(version)); it is open read-only.")
            } else {
                print(CommandLineFormat.tripList(trips, unit: unit.units), terminator: "")
            }
        }
    }
}

struct TripSummaryJSON: Encodable {
    let id: UUID
    let name: String
    let stops: Int
    let distanceKm: Double
    let firstStop: String?
    let lastStop: String?
    let startDate: CalendarDate?

    init(_ summary: TripSummary) {
        id = summary.id
        name = summary.name
        stops = summary.stopCount
        distanceKm = (summary.totalKm * 1000).rounded() / 1000
        firstStop = summary.firstStop
        lastStop = summary.lastStop
        startDate = summary.startDate
    }
}
