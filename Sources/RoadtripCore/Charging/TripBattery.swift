/// A trip's battery when its settings (the trip's applied) describe an electric car whose battery is known: the car
/// and the walk of its charge over the trip as it stands. What `show`, the exports and the screens read.
public struct TripBattery: Sendable {
    public let battery: EVBattery
    public let walk: BatteryWalk

    /// Nil unless `settings` describe such a car (`EVBattery(settings:)`).
    public init?(_ trip: Trip, _ itinerary: Itinerary, settings: Settings, chargers: (any ChargerLookup)?) {
        guard settings.vehicle.isElectric, let battery = try? EVBattery(settings: settings) else { return nil }
        self.battery = battery
        walk = BatteryWalk(trip: trip, itinerary: itinerary, battery: battery, chargers: chargers)
    }

    /// "14 → 80 %" (`BatteryText.stop`).
    public func text(at index: Int) -> String { BatteryText.stop(walk, index, battery: battery) }

    /// The SoC arriving (nil at the start) and leaving, whole percents (down), as `show --json` gives them.
    public func percents(at index: Int) -> (arrive: Int?, depart: Int) {
        (walk.arrive[index].map { Int($0.rounded(.down)) }, Int(walk.depart[index].rounded(.down)))
    }
}
