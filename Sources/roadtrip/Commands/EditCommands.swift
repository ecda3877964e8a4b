import ArgumentParser
import Foundation
import RoadtripCore

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: "Create a trip; prints its id.")

    @OptionGroup var data: DataOptions
    @Argument(help: "The trip's name.") var name: String

    func run() throws {
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).add(named: name).id }
        print(id.uuidString)
    }
}

struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a trip.")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Argument(help: "The new name.") var newName: String

    func run() throws {
        let store = try data.openStore()
        let catalog = TripCatalog(repository: store)
        let id = try failing { try catalog.find(trip) }
        let change = try failing { try catalog.rename(id, to: newName) }
        print(TerminalSafe.line(change.done))
    }
}

struct RemoveTripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a trip.")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Flag(name: .long, help: "Do not ask for confirmation.") var yes = false

    func run() throws {
        let store = try data.openStore()
        let catalog = TripCatalog(repository: store)
        let id = try failing { try catalog.find(trip) }
        guard let found = catalog.trip(id) else { return }
        let question = TripText.deleteQuestion(trip: found.name, stops: TripText.count(found.waypoints.count, "stop"))
        guard try Confirmation.confirmed(yes, question: TerminalSafe.line(question)) else { return }
        let change = try failing { try catalog.delete(id) }
        print(TerminalSafe.line(change.done))
    }
}

struct AddStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-stop", abstract: "Add a stop to a trip, by place name or by coordinates.",
        discussion: "Either --place QUERY (the best gazetteer match, taken when it bears the name typed, accents and "
            + "case aside, and the next is not as good; else the candidates are listed, unless --first) or --name "
            + "with --lat and --lon.")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Option(help: "Look the stop up in the gazetteer (\"chicago\", \"springfield, il\").") var place: String?
    @Flag(help: "With --place: take the best match even when it is ambiguous or named otherwise.") var first = false
    @Option(help: "The stop's name (with --place: instead of the place's).") var name: String?
    // Unconditional: "-87.6", "-1" are values here, not options.
    @Option(parsing: .unconditional, help: "Latitude: -90…90 degrees (41.88, 41.88N, 41°52'48\"N).")
    var lat: String?
    @Option(parsing: .unconditional, help: "Longitude: -180…180 degrees (-87.63, 87.63W, 87°37'W).")
    var lon: String?
    @Option(parsing: .unconditional, help: "Nights spent there: 0…365.") var nights: Int = 0
    @Option(help: "Notes.") var notes: String = ""
    @Option(name: .customLong("at"), parsing: .unconditional, help: "1-based position (default: last).")
    var position: Int?

    func validate() throws {
        if place == nil, name == nil || lat == nil || lon == nil {
            throw ValidationError("give --place QUERY, or --name with --lat and --lon")
        }
        if place != nil, lat != nil || lon != nil {
            throw ValidationError("--place and --lat/--lon exclude each other")
        }
    }

    func run() throws {
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).find(trip) }
        let detail = TripEditor(tripID: id, repository: store)
        let stops = detail.trip?.waypoints ?? []
        if let position, !(1...(stops.count + 1)).contains(position) {
            throw CLIFailure.user("--at \(position) is outside 1…\(stops.count + 1)")
        }
        let index = position.map { $0 - 1 } ?? stops.count
        var stop: Waypoint
        if let place {
            stop = try lookUp(place, after: index > 0 ? stops[index - 1] : nil,
                              before: index > 0 && index < stops.count ? stops[index] : nil)
            if let name { stop.name = name }
            stop.nights = nights
            stop.notes = notes
        } else {
            let coordinates = try failing {
                (try CoordinateParser.parseLatitude(lat ?? ""), try CoordinateParser.parseLongitude(lon ?? ""))
            }
            stop = Waypoint(name: name ?? "", latitude: coordinates.0, longitude: coordinates.1, nights: nights,
                            notes: notes)
        }
        let change = try failing { try detail.addStop(stop.validated(), at: index) }
        print(TerminalSafe.line(change.done) + " (\(TripText.coordinates(of: stop)))")
    }

    /// The place for --place, ranked from the stops it goes between (the nearest of two namesakes wins:
    /// "st louis" after Chicago is Missouri's); refused with the candidates when that does not settle it, or when
    /// the best is only the closest match ("flåm, norway" is not Flå).
    private func lookUp(_ query: String, after previous: Waypoint?, before next: Waypoint?) throws -> Waypoint {
        let matches = try PlaceLookup.finder().query(query, limit: 5, near: previous.map { ($0.latitude, $0.longitude) },
                                                    next: next.map { ($0.latitude, $0.longitude) })
        guard let best = matches.first else {
            throw CLIFailure.user("no known place matches \"\(TerminalSafe.line(query))\"; use --name, --lat and --lon")
        }
        let list = matches.map { "  \(TerminalSafe.line($0.place.label))" }.joined(separator: "\n")
        if !best.isNamedAsTyped && !first {
            throw CLIFailure.user("no known place is named \"\(TerminalSafe.line(query))\"; the closest (add --first to "
                                  + "take the first, or give --name, --lat and --lon):\n\(list)")
        }
        if PlaceIndex.isAmbiguous(matches) && !first {
            throw CLIFailure.user("\"\(TerminalSafe.line(query))\" matches several places; qualify it "
                                  + "(\"springfield, il\") or add --first:\n\(list)")
        }
        return best.place.waypoint()
    }
}

struct RemoveStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm-stop", abstract: "Delete a stop from a trip.")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Argument(help: "1-based position of the stop.") var position: Int
    @Flag(name: .long, help: "Do not ask for confirmation.") var yes = false

    func run() throws {
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).find(trip) }
        let detail = TripEditor(tripID: id, repository: store)
        let stops = detail.trip?.waypoints ?? []
        guard stops.indices.contains(position - 1) else {
            throw CLIFailure.user(TripEditError.positionOutOfRange(count: stops.count).description)
        }
        let stop = stops[position - 1]
        guard try Confirmation.confirmed(yes, question: TerminalSafe.line(TripText.deleteQuestion(stop: position, stop.name)))
        else { return }
        let change = try failing { try detail.deleteStop(stop.id) }
        print(TerminalSafe.line(change.done))
    }
}

struct MoveStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move-stop", abstract: "Move a stop to another position (1-based).")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Argument(help: "Current position.") var from: Int
    @Argument(help: "New position.") var to: Int

    func run() throws {
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).find(trip) }
        let editor = TripEditor(tripID: id, repository: store)
        let change = try failing { try editor.moveStop(from: from - 1, to: to - 1) }
        print(TerminalSafe.line(change.done))
    }
}
