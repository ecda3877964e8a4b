import Foundation

extension TripEditor {
    /// Sets the trip's own vehicle and roads to avoid (nil: the settings'), as one undo step; the legs are asked
    /// again under the new profile (the route service keys its engines by it).
    @discardableResult
    public func setProfile(vehicle: TripVehicle?, avoid: [Avoid]?) throws -> ChangeDescription {
        try change({ trip in
            trip.vehicle = vehicle.flatMap { $0.isEmpty ? nil : $0 }
            trip.avoid = avoid.map { Array(Set($0)).sorted() }
        }, describe: { trip in
            let what = ProfileText.tripProfile(trip)
            return ChangeDescription("set the vehicle of", "Set", "\(trip.name)'s vehicle: \(what)")
        })
    }
}

extension ProfileText {
    /// What a trip sets of its profile: "campervan, 3 m tall, avoiding ferries", or "the settings'".
    public static func tripProfile(_ trip: Trip) -> String {
        var parts: [String] = []
        if let vehicle = trip.vehicle {
            if let kind = vehicle.kind { parts.append(kind.rawValue) }
            if let top = vehicle.topSpeedKmh { parts.append("top \(TOMLValue.decimal(top)) km/h") }
            if let height = vehicle.heightM { parts.append("\(TOMLValue.decimal(height)) m tall") }
            if let width = vehicle.widthM { parts.append("\(TOMLValue.decimal(width)) m wide") }
            if let weight = vehicle.weightT { parts.append("\(TOMLValue.decimal(weight)) t") }
            if let consumption = vehicle.consumptionPer100km {
                parts.append("\(TOMLValue.decimal(consumption)) per 100 km")
            }
            if let tank = vehicle.tank { parts.append("tank \(TOMLValue.decimal(tank))") }
            if let price = vehicle.fuelPrice { parts.append("fuel at \(TOMLValue.decimal(price))") }
            if let price = vehicle.energyPrice { parts.append("energy at \(TOMLValue.decimal(price))") }
        }
        if let avoid = trip.avoid {
            parts.append(avoid.isEmpty ? "avoiding nothing" : "avoiding " + avoid.map(\.rawValue).joined(separator: ", "))
        }
        return parts.isEmpty ? "the settings'" : parts.joined(separator: ", ")
    }
}
