import Foundation

extension TripEditor {
    /// The trip's vehicle becomes `kind`, or the settings' when nil; its other figures are kept (a trip's vehicle
    /// left with none goes: nil). One undo step.
    @discardableResult
    public func setVehicle(_ kind: VehicleKind?) throws -> ChangeDescription {
        try change({ trip in
            var vehicle = trip.vehicle ?? TripVehicle()
            vehicle.kind = kind
            trip.vehicle = vehicle.isEmpty ? nil : vehicle
        }, describe: { .setVehicle(of: $0.name, to: kind) })
    }

    /// Keeps the trip off `avoid`, or lets it take that road again. A trip without roads of its own starts from
    /// `settings` (the settings' `avoid`), so that the rest stay as they were. One undo step.
    @discardableResult
    public func setAvoiding(_ avoid: Avoid, _ avoiding: Bool, over settings: [Avoid]) throws -> ChangeDescription {
        try change({ trip in
            var avoids = Set(trip.avoid ?? settings)
            if avoiding { avoids.insert(avoid) } else { avoids.remove(avoid) }
            trip.avoid = avoids.sorted()
        }, describe: { .setAvoiding(avoid, avoiding, on: $0.name) })
    }

    /// Back to the settings' vehicle and roads: the trip's own go. One undo step.
    @discardableResult
    public func useSettingsVehicle() throws -> ChangeDescription {
        try change({ trip in
            (trip.vehicle, trip.avoid) = (nil, nil)
        }, describe: { .useSettingsVehicle(on: $0.name) })
    }

    /// Sets the trip's own vehicle and roads to avoid (nil: the settings'), as one undo step; the legs are asked
    /// again under the new profile (the route service keys its engines by it).
    @discardableResult
    public func setProfile(vehicle: TripVehicle?, avoid: [Avoid]?) throws -> ChangeDescription {
        try change({ trip in
            trip.vehicle = vehicle.flatMap { $0.isEmpty ? nil : $0 }
            trip.avoid = avoid.map { Array(Set($0)).sorted() }
        }, describe: { trip in
            ChangeDescription("set", "Set", "the vehicle of \"\(trip.name)\": \(ProfileText.tripProfile(trip))")
        })
    }
}

extension ChangeDescription {
    /// `Driving a campervan on "Fjords"`; nil: `Driving the settings' vehicle on "Fjords"`.
    public static func setVehicle(of trip: String, to kind: VehicleKind?) -> Self {
        let what = kind.map { ($0 == .ev ? "an " : "a ") + $0.rawValue } ?? "the settings' vehicle"
        return Self("drive", "Driving", "\(what) on \"\(trip)\"")
    }

    /// `Avoiding ferries on "Fjords"`, `Allowing ferries on "Fjords"`.
    public static func setAvoiding(_ avoid: Avoid, _ avoiding: Bool, on trip: String) -> Self {
        avoiding ? Self("avoid", "Avoiding", "\(avoid.rawValue) on \"\(trip)\"")
            : Self("allow", "Allowing", "\(avoid.rawValue) on \"\(trip)\"")
    }

    /// `Using the settings' vehicle and roads on "Fjords"`.
    public static func useSettingsVehicle(on trip: String) -> Self {
        Self("use", "Using", "the settings' vehicle and roads on \"\(trip)\"")
    }
}
