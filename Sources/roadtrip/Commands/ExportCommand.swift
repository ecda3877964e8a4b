import ArgumentParser
import Foundation
import RoadtripCore

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a trip as GPX, KML, GeoJSON, Markdown or iCalendar.",
        discussion: """
            gpx: stops as waypoints (notes in cmt), a route, and the roads when a router gave them; \
            kml: Google Earth and My Maps; geojson: stops and legs; md: the plan day by day; \
            ics: one all-day event per stay (needs a start date).
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique case-insensitive prefix is enough) or id.") var trip: String
    @Option(name: .long, help: "The file format.") var format: ExportFormat
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "Write to this file (replaced atomically) instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let store = try data.openStore()
        let catalog = TripCatalog(repository: store)
        let id = try failing { try catalog.find(trip) }
        guard let loaded = catalog.trip(id) else { throw CLIFailure.user(TripEditError.tripNotFound.description) }
        let (settings, problems) = unit.effectiveSettings()
        Output.printNotices(problems)
        let itinerary = CommandRoutes.itinerary(loaded, settings: settings)
        let text: String
        do {
            text = try format.document(loaded, itinerary, unit: settings.units)
        } catch let error as ExportError {
            throw CLIFailure.user(error.description)
        }
        guard let output else {
            print(text, terminator: "")
            return
        }
        let url = URL(fileURLWithPath: output)
        // Replacing the trips file with an export would lose every trip.
        guard url.resolvingSymlinksInPath().path != data.url.resolvingSymlinksInPath().path else {
            throw CLIFailure.user("\(output) is the trips file itself; choose another output file")
        }
        do {
            try AtomicWrite.write(Data(text.utf8), to: url, mode: 0o666 & ~currentUmask())
        } catch {
            throw CLIFailure.data("cannot write \(output): \(error)")
        }
    }

    /// The process's umask (read by setting it, then setting it back): a new file gets the mode a shell's
    /// `>` would give it.
    private func currentUmask() -> mode_t {
        let mask = umask(0o077)
        umask(mask)
        return mask
    }
}

extension ExportFormat: ExpressibleByArgument {}
