import ArgumentParser
import Foundation
import RoadtripCore

struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Print a directions link that opens the trip in a maps service (on a phone too).",
        discussion: """
            One link per line. Google Maps links are phone-safe, at most 5 points each (3 stops between the \
            ends; with --desktop 11, for a computer's browser); OpenStreetMap and Apple Maps take a start and a \
            destination: a longer trip is printed as consecutive links, each starting where the previous one \
            ends, and a note on stderr says so. A one-stop trip gets a link to the place.
            """)

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Option(name: .long, help: "The maps service.") var service: ShareService = .google
    @Flag(name: .long, help: "Google Maps links for a computer: 9 stops between the ends of each link, not a phone's 3.")
    var desktop = false

    func run() throws {
        let store = try data.openStore()
        Output.printNotices(Output.readingNotices(store))
        let catalog = TripCatalog(repository: store)
        let id = try failing { try catalog.find(trip) }
        guard let found = catalog.trip(id) else { throw CLIFailure.user(TripEditError.tripNotFound.description) }
        let links = ShareLink.links(for: found.waypoints, service: service, desktop: desktop)
        guard !links.isEmpty else {
            throw CLIFailure.user("\"\(TerminalSafe.line(found.name))\" has no stops to link to.")
        }
        if let note = ShareLink.splitNote(links, service: service, desktop: desktop, desktopKey: "--desktop") {
            Output.printError(note)
        }
        for link in links { print(link.url) }
    }
}

extension ShareService: ExpressibleByArgument {}
