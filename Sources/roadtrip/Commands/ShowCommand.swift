import ArgumentParser
import Foundation
import RoadtripApp
import RoadtripCore

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a trip with its stops and leg distances.")

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique case-insensitive prefix is enough) or id.") var trip: String
    @Flag(name: .long, help: "Print JSON.") var json = false

    func run() throws {
        let store = try data.openStore()
        let id = try failing { try TripListInteractor(repository: store).findTrip(trip) }
        guard let loaded = TripDetailInteractor(tripID: id, repository: store).loadTrip() else {
            throw CLIFailure.user(TripDetailError.tripNotFound.description)
        }
        if json {
            try Output.printJSON(TripJSON(loaded))
        } else {
            print(CommandLineFormat.trip(loaded, unit: unit.units), terminator: "")
        }
    }
}

/// The trip as stored, plus the computed leg distances.
struct TripJSON: Encodable {
    let trip: Trip
    let legs: [Double?]
    let distanceKm: Double

    init(_ trip: Trip) {
        self.trip = trip
        let route = RouteDistances(trip.waypoints)
        legs = route.legs.map { $0.map { ($0 * 1000).rounded() / 1000 } }
        distanceKm = (route.totalKm * 1000).rounded() / 1000
    }

    enum CodingKeys: String, CodingKey { case trip, legsKm, distanceKm }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(trip, forKey: .trip)
        try container.encode(legs, forKey: .legsKm)
        try container.encode(distanceKm, forKey: .distanceKm)
    }
}
