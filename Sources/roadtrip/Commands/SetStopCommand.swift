import ArgumentParser
import Foundation
import RoadtripCore

struct SetStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-stop", abstract: "Change a stop's name, coordinates, nights, visit length, notes or pin.",
        discussion: "New coordinates drop the place the stop came from (its region and country), which "
            + "described the old ones. A pinned stop keeps its position when the trip is optimised.")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Argument(help: "1-based position of the stop.") var position: Int
    @Option(help: "The stop's new name.") var name: String?
    // Unconditional: "-87.6", "-1" are values here, not options.
    @Option(parsing: .unconditional, help: "Latitude: -90…90 degrees (41.88, 41.88N, 41°52'48\"N).")
    var lat: String?
    @Option(parsing: .unconditional, help: "Longitude: -180…180 degrees (-87.63, 87.63W, 87°37'W).")
    var lon: String?
    @Option(parsing: .unconditional, help: "Nights spent there: 0…365.") var nights: Int?
    @Option(help: "Notes (\"\" clears them).") var notes: String?
    @Option(help: "How long the stop is visited when passed through without a night: 1h30, 90m, 45 (minutes); 0 clears it.")
    var stay: String?
    @Flag(inversion: .prefixedNo, help: "Pin the stop where it is, so that `optimise` never moves it (--no-pin frees it).")
    var pin: Bool?
    @Option(parsing: .unconditional, help: "A night's lodging here, over lodging_per_night (none clears it).")
    var cost: String?
    @Option(name: .customLong("other-cost"), parsing: .unconditional,
            help: "What else the stop costs once: a ticket, an entry (none clears it).")
    var otherCost: String?

    func validate() throws {
        if (lat == nil) != (lon == nil) { throw ValidationError("--lat and --lon go together") }
        if name == nil, lat == nil, nights == nil, notes == nil, stay == nil, pin == nil, cost == nil, otherCost == nil {
            throw ValidationError("nothing to change: give --name, --lat and --lon, --nights, --stay, --notes, --pin, "
                                  + "--cost or --other-cost")
        }
    }

    func run() throws {
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).find(trip) }
        let editor = TripEditor(tripID: id, repository: store)
        let stops = editor.trip?.waypoints ?? []
        guard stops.indices.contains(position - 1) else {
            throw CLIFailure.user(TripEditError.positionOutOfRange(count: stops.count).description)
        }
        let old = stops[position - 1]
        if let pin, name == nil, lat == nil, nights == nil, notes == nil, stay == nil, cost == nil, otherCost == nil {
            // The pin alone: said as the app says it ("Pinned "Tulsa" at 3").
            return print(TerminalSafe.line(try failing { try editor.setPinned(pin, stop: old.id) }.done))
        }
        var stop = old
        if let name { stop.name = name }
        if let lat, let lon {
            (stop.latitude, stop.longitude) = try failing {
                (try CoordinateParser.parseLatitude(lat), try CoordinateParser.parseLongitude(lon))
            }
        }
        if let nights { stop.nights = nights }
        if let notes { stop.notes = notes }
        if let stay { stop.stayMinutes = try failing { try StayDuration.parse(stay) } }
        if let pin { stop.pinned = pin }
        if let cost { stop.cost = try Self.amount(cost, option: "--cost") }
        if let otherCost { stop.otherCost = try Self.amount(otherCost, option: "--other-cost") }
        let (saved, change) = try failing { try editor.updateStop(stop.validated()) }
        var line = change.done + " (\(TripText.coordinates(of: saved)))"
        if old.hasPlace && !saved.hasPlace {
            let place = TripText.place(of: old)
            line += "; cleared its place" + (place.isEmpty ? "" : " (\(place))") + ", which was for the old coordinates"
        }
        print(TerminalSafe.line(line))
    }

    /// "45", "12.50"; "none" (or "") clears it.
    private static func amount(_ text: String, option: String) throws -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "none" { return nil }
        guard let value = SettingRules.amount(trimmed) else {
            throw CLIFailure.user("\(option) takes an amount like 45 or 12.50, or none; not \(TerminalSafe.line(text).debugDescription)")
        }
        return value
    }
}
