import ArgumentParser
import Foundation
import RoadtripCore

struct SetTripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-trip", abstract: "Set a trip's own vehicle and roads to avoid, over the settings'.",
        discussion: "Without options, prints what the trip sets. A vehicle of another kind than the settings' does "
            + "not take the settings' figures (speed, size, consumption, tank): give its own. --avoid none avoids "
            + "nothing on this trip; --clear goes back to the settings for all of it.")

    @OptionGroup var data: DataOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Option(help: "car, campervan, motorcycle or ev.") var vehicle: VehicleKind?
    @Option(help: "Roads to keep off, comma-separated: motorways, ferries, tolls, unpaved; none for none.")
    var avoid: String?
    @Option(name: .customLong("top-speed"), help: "Top speed, km/h (0: none).") var topSpeed: Double?
    @Option(help: "Litres (kWh for ev) per 100 km.") var consumption: Double?
    @Option(help: "A full tank in litres, or the usable battery in kWh.") var tank: Double?
    @Option(help: "Height in metres.") var height: Double?
    @Option(help: "Width in metres.") var width: Double?
    @Option(help: "Weight in tonnes.") var weight: Double?
    @Option(name: .customLong("fuel-price"), help: "A litre's price on this trip.") var fuelPrice: Double?
    @Option(name: .customLong("energy-price"), help: "A kWh's price on this trip.") var energyPrice: Double?
    @Flag(help: "Drop the trip's own vehicle and avoids: the settings' apply.") var clear = false

    private var givesVehicle: Bool {
        vehicle != nil || [topSpeed, consumption, tank, height, width, weight, fuelPrice, energyPrice].contains { $0 != nil }
    }

    func validate() throws {
        if clear && (givesVehicle || avoid != nil) { throw ValidationError("--clear goes alone") }
    }

    func run() throws {
        let store = try data.openStore()
        let id = try failing { try TripCatalog(repository: store).find(trip) }
        let editor = TripEditor(tripID: id, repository: store)
        guard let current = editor.trip else { throw CLIFailure.user(TripEditError.tripNotFound.description) }
        guard clear || givesVehicle || avoid != nil else {
            return print(TerminalSafe.line("\(current.name): \(ProfileText.tripProfile(current))"))
        }
        if clear { return print(TerminalSafe.line(try failing { try editor.useSettingsVehicle() }.done)) }
        var own = current.vehicle ?? TripVehicle()
        if let vehicle { own.kind = vehicle }
        let numbers: [(Double?, WritableKeyPath<TripVehicle, Double?>)] = [
            (topSpeed, \.topSpeedKmh), (consumption, \.consumptionPer100km), (tank, \.tank), (height, \.heightM),
            (width, \.widthM), (weight, \.weightT), (fuelPrice, \.fuelPrice), (energyPrice, \.energyPrice),
        ]
        for (value, path) in numbers where value != nil { own[keyPath: path] = value }
        var avoids = current.avoid
        if let avoid {
            let text = avoid.trimmingCharacters(in: .whitespaces)
            guard let list = text.lowercased() == "none" ? [] : Avoid.list(text) else {
                throw CLIFailure.user("--avoid takes motorways, ferries, tolls or unpaved, comma-separated, or none; not "
                    + TerminalSafe.line(avoid).debugDescription)
            }
            avoids = list
        }
        print(TerminalSafe.line(try failing { try editor.setProfile(vehicle: own, avoid: avoids) }.done))
    }
}

extension VehicleKind: ExpressibleByArgument {}
