import ArgumentParser
import Foundation
import RoadtripCore

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a trip as GPX, KML, GeoJSON, Markdown or iCalendar.",
        discussion: """
            gpx: stops as waypoints (notes in cmt, time the arrival in UTC), a route, and the roads when a router \
            gave them; kml: Google Earth and My Maps; geojson: stops (zone, local arrival and departure) and legs; \
            md: the plan day by day in local times; ics: one all-day event per stay and one event per driving day \
            on its stops' clocks (needs a start date).
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Option(name: .long, help: "The file format.") var format: ExportFormat
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "Write to this file (replaced atomically; a device or FIFO is written into) instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let (loaded, itinerary, settings) = try CommandRoutes.plannedTrip(trip, data: data, options: unit)
        let cost = TripCost(itinerary: itinerary, trip: loaded, settings: settings)
        let battery = CommandRoutes.battery(loaded, itinerary, settings: settings)
        guard let output else {
            do {
                print(try format.document(loaded, itinerary, unit: settings.units, cost: cost, battery: battery),
                      terminator: "")
            } catch let error as ExportError {
                throw CLIFailure.user(message(error))
            }
            return
        }
        do {
            try TripExport.write(loaded, itinerary, format: format, unit: settings.units,
                                 to: URL(fileURLWithPath: output), tripsFile: data.url, cost: cost, battery: battery)
        } catch let error as ExportError {
            throw CLIFailure.user(message(error))
        } catch let failure as TripExport.Failure {
            switch failure {
            case .cannotWrite, .noFolder: throw CLIFailure.data(failure.description)
            case .storeFile, .notAFile, .exists: throw CLIFailure.user(failure.description)
            }
        }
    }
}

extension ExportCommand {
    /// The reason, and the command that sets a start date for this trip where one would help.
    private func message(_ error: ExportError) -> String {
        guard let advice = error.startDateAdvice else { return error.description }
        let name = trip.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) ? "'\(trip.replacingOccurrences(of: "'", with: "'\\''"))'" : trip
        return "\(error.description) (\(advice): roadtrip set-date \(name) YYYY-MM-DD)"
    }
}

extension ExportFormat: ExpressibleByArgument {}
