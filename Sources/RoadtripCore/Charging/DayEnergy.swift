/// What one driving day takes from the battery, leg by leg: each leg's driven km (not its ferry) at the
/// consumption for its average speed, spread evenly along it, and each stop passed on the way its auxiliary cost.
struct DayEnergy {
    /// Per leg of the day (in order): where it starts along the day, km and kWh, and its kWh per km.
    private(set) var legs: [(leg: Int, km: Double, kWh: Double, perKm: Double)] = []
    private(set) var profile: [(km: Double, kWh: Double)] = [(0, 0)]
    private(set) var distanceKm = 0.0
    private(set) var kWh = 0.0

    init(_ day: Itinerary.Day, itinerary: Itinerary, battery: EVBattery) {
        for index in day.legs {
            let leg = itinerary.legs[index]
            if index != day.legs.lowerBound {
                kWh += EVBattery.auxiliaryKWhPerStop
                profile.append((distanceKm, kWh))
            }
            let used = battery.consumption.amount(for: leg) * EVBattery.chargingEfficiency
            let km = max(0, leg.distanceKm)
            legs.append((index, distanceKm, kWh, km > 0 ? used / km : 0))
            distanceKm += km
            kWh += used
            profile.append((distanceKm, kWh))
        }
    }

    /// The energy used by `km` along the day, on leg `leg` (the stop's step counts on the leg after it).
    func kWh(atKm km: Double, leg: Int) -> Double {
        guard let part = legs.first(where: { $0.leg == leg }) else { return kWh }
        return part.kWh + max(0, km - part.km) * part.perKm
    }

    /// The energy used on arrival at the end of leg `leg`.
    func kWh(arrivingAfter leg: Int) -> Double {
        guard let index = legs.firstIndex(where: { $0.leg == leg }) else { return kWh }
        return index + 1 < legs.count ? legs[index + 1].kWh - EVBattery.auxiliaryKWhPerStop : kWh
    }
}
