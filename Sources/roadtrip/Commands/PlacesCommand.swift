import ArgumentParser
import Foundation
import RoadtripCore

struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Search the offline gazetteer (GeoNames, CC BY 4.0) and the installed regions (\(Credits.openStreetMap)).",
        discussion: "QUERY is a name, its start (\"chic\") or its words in order (\"santiago compostela\"), "
            + "in Latin letters or the place's own script (\"東京\"), optionally qualified (\"springfield, il\", "
            + "\"paris tx\"), or coordinates (\"41.88, -87.63\", \"41°52'N 87°37'W\"). With --near or --after, "
            + "places near that point come first, as in the app after a stop, with their distance and direction. "
            + "With regions installed (roadtrip region add), their villages and points of interest are searched too: "
            + "by name, or by a kind word (camp, hotel, fuel, charge, viewpoint, museum, ferry...), nearest to --near "
            + "or --after first, or to a place: \"fuel near Portree\". Region data \(Credits.openStreetMap).")

    @OptionGroup var data: DataOptions
    @Argument(help: "What to look for.") var query: String
    @Option(help: "How many matches to print.") var limit = 10
    @Option(help: ArgumentHelp("Rank from this point, as from a previous stop (\"44.66, -111.10\").", valueName: "lat,lon"))
    var near: String?
    @Option(help: ArgumentHelp("Rank from the last stop of this trip (name or id).", valueName: "trip"),
            completion: .tripNames)
    var after: String?
    @OptionGroup var unit: UnitOptions
    @Flag(name: .long, help: "Print JSON.") var json = false

    func validate() throws {
        if near != nil && after != nil { throw ValidationError("--near and --after exclude each other") }
    }

    func run() throws {
        guard limit > 0 else { throw CLIFailure.user("--limit must be 1 or more") }
        let matches = try PlaceLookup.finder().query(query, limit: limit, near: try context())
        let units = unit.effectiveSettings().settings.units
        if json {
            try Output.printJSON(matches.map { PlaceJSON($0) })
        } else if matches.isEmpty {
            throw CLIFailure.user("no known place matches \"\(TerminalSafe.line(query))\"")
        } else {
            print(CommandLineFormat.places(matches, unit: units), terminator: "")
            if matches.contains(where: { $0.regional != nil }) { print(PlaceLookup.regionAttribution) }
        }
    }

    /// The point to rank from: --near, or the last stop of the --after trip (none when it has no stops).
    private func context() throws -> (latitude: Double, longitude: Double)? {
        if let near {
            let point = try failing { try CoordinateParser.parse(near) }
            return (point.latitude, point.longitude)
        }
        guard let after else { return nil }
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).find(after) }
        return TripEditor(tripID: id, repository: store).trip?.waypoints.last.map { ($0.latitude, $0.longitude) }
    }
}

/// The gazetteer for one command: mapped on this thread from the index in the cache (built there by the first).
enum PlaceLookup {
    static func index() throws -> PlaceIndex {
        do {
            return try PlaceIndex.openBundled(cacheDirectory: LegCache.defaultDirectory())
        } catch {
            throw CLIFailure.data("cannot load the place data: \(error)")
        }
    }

    /// The gazetteer with the installed regions' places and POIs (read only when a region folder exists). A region
    /// that cannot be read is left out with a notice on stderr.
    static func finder(regionsDirectory: URL = InstalledRegions.defaultDirectory()) throws -> PlaceFinder {
        let places = try index()
        let installed = InstalledRegions.scan(regionsDirectory)
        guard !installed.regions.isEmpty || !installed.problems.isEmpty else { return PlaceFinder(places: places, regions: nil) }
        let regions = RegionPlaceIndex.load(installed, cacheDirectory: LegCache.defaultDirectory())
        Output.printNotices(regions.skipped)
        return PlaceFinder(places: places, regions: regions)
    }

    static let regionAttribution = "Region places and points of interest \(Credits.openStreetMap)."
}

struct PlaceJSON: Encodable {
    let id: Int?
    let name: String
    let nativeName: String?
    let region: String?
    let county: String?
    let countryCode: String
    let country: String
    let latitude: Double
    let longitude: Double
    let population: Int
    let timezone: String
    let match: String
    /// From the --near point or the --after trip's last stop.
    let distanceKm: Double?
    let direction: String?
    /// For a match from an installed region: its name, the OSM object, and for a POI its category, kind and the
    /// nearest place.
    let sourceRegion: String?
    let osmId: String?
    let kind: String?
    let category: String?
    let nearPlace: String?
    /// The licence's credit on each match from a region (OpenStreetMap data, ODbL).
    let attribution: String?

    init(_ match: PlaceMatch) {
        let place = match.place
        id = place.id == 0 ? nil : place.id
        name = place.name
        nativeName = place.nativeName
        region = place.admin1
        county = place.admin2
        distanceKm = match.kind == .coordinate ? nil : match.distanceKm.map { ($0 * 10).rounded() / 10 }
        direction = match.kind == .nearest ? nil : match.bearing.map(GreatCircle.compassPoint)
        countryCode = place.countryCode
        country = place.countryName
        latitude = place.latitude
        longitude = place.longitude
        population = place.population
        timezone = place.groundTimeZone
        sourceRegion = match.regional?.region
        attribution = match.regional == nil ? nil : Credits.openStreetMap
        osmId = match.regional?.feature.osmID
        kind = match.regional?.feature.kind
        category = match.regional?.feature.category?.rawValue
        nearPlace = match.regional?.nearPlace
        switch match.kind {
        case .exact: self.match = "exact"
        case .prefix: self.match = "prefix"
        case .wordPrefix: self.match = "word-prefix"
        case let .fuzzy(edits): self.match = "fuzzy-\(edits)"
        case .coordinate: self.match = "coordinate"
        case .nearest: self.match = "nearest"
        case .category: self.match = "category"
        }
    }
}
