import ArgumentParser
import Foundation
import RoadtripCore

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List trips, newest first.")

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        let store = try data.openStore()
        let (settings, problems) = unit.effectiveSettings()
        Output.printNotices(problems)
        let routes = CommandRoutes.service(settings)
        defer { routes.close() }
        let trips = routes.summaries(of: store.trips)
        if json {
            try Output.printJSON(trips.map(TripSummaryJSON.init))
        } else {
            Output.printNotices(Output.readingNotices(store))
            if trips.isEmpty, let version = store.newerSchemaVersion {
                // Not "no trips yet": its trips may be there, unreadable here, and creating one is refused.
                print(TripText.writtenByNewer(schema: version))
            } else {
                print(CommandLineFormat.tripList(trips, unit: settings.units), terminator: "")
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
    let endDate: CalendarDate?

    init(_ summary: TripSummary) {
        id = summary.id
        name = summary.name
        stops = summary.stopCount
        distanceKm = (summary.totalKm * 1000).rounded() / 1000
        firstStop = summary.firstStop
        lastStop = summary.lastStop
        startDate = summary.startDate
        endDate = summary.endDate
    }
}
