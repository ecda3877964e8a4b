import ArgumentParser
import Foundation
import RoadtripCore

struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "Search the offline gazetteer (GeoNames, CC BY 4.0).",
        discussion: "QUERY is a name or its start (\"chic\"), optionally qualified (\"springfield, il\", "
            + "\"paris tx\"), or coordinates (\"41.88, -87.63\", \"41°52'N 87°37'W\").")

    @Argument(help: "What to look for.") var query: String
    @Option(help: "How many matches to print.") var limit = 10
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        guard limit > 0 else { throw CLIFailure.user("--limit must be 1 or more") }
        let matches = try PlaceLookup.index().query(query, limit: limit)
        if json {
            try Output.printJSON(matches.map(PlaceJSON.init))
        } else if matches.isEmpty {
            throw CLIFailure.user("no known place matches \"\(TerminalSafe.line(query))\"")
        } else {
            print(CommandLineFormat.places(matches), terminator: "")
        }
    }
}

/// The gazetteer for one command: loaded on this thread (a command has nothing else to do meanwhile).
enum PlaceLookup {
    static func index() throws -> PlaceIndex {
        do {
            return try PlaceIndex.loadBundled()
        } catch {
            throw CLIFailure.data("cannot load the place data: \(error)")
        }
    }
}

struct PlaceJSON: Encodable {
    let id: Int?
    let name: String
    let region: String?
    let countryCode: String
    let country: String
    let latitude: Double
    let longitude: Double
    let population: Int
    let timezone: String
    let match: String

    init(_ match: PlaceMatch) {
        let place = match.place
        id = place.id == 0 ? nil : place.id
        name = place.name
        region = place.admin1
        countryCode = place.countryCode
        country = place.countryName
        latitude = place.latitude
        longitude = place.longitude
        population = place.population
        timezone = place.timezone
        switch match.kind {
        case .exact: self.match = "exact"
        case .prefix: self.match = "prefix"
        case .wordPrefix: self.match = "word-prefix"
        case let .fuzzy(edits): self.match = "fuzzy-\(edits)"
        case .coordinate: self.match = "coordinate"
        case .nearest: self.match = "nearest"
        }
    }
}
