/// What the battery holds on arriving at and leaving each stop of a trip as it stands: from the start SoC, each leg
/// takes its energy (`DayEnergy`'s model), a stop passed its auxiliary cost, a charge stop adds what its mark says,
/// and a night's stop with a charger within 1 km (or charged at) fills to the limit. In percent, unbounded below:
/// a negative arrival is a car that does not get there.
public struct BatteryWalk: Equatable, Sendable {
    public let arrive: [Double?]
    public let depart: [Double]

    public init(trip: Trip, itinerary: Itinerary, battery: EVBattery, chargers: (any ChargerLookup)?) {
        let stops = trip.waypoints
        var arrive = [Double?](repeating: nil, count: stops.count)
        var depart = [Double](repeating: Double(battery.startSoC), count: stops.count)
        var soc = Double(battery.startSoC)
        let unit = battery.kWhPerPercent
        let nights = Set(itinerary.days.filter(\.hasNight).map(\.endStop))
        for leg in itinerary.legs where leg.to < stops.count {
            soc -= battery.consumption.amount(for: leg) * EVBattery.chargingEfficiency / unit
            let stop = stops[leg.to]
            arrive[leg.to] = soc
            if leg.to + 1 < stops.count { soc -= EVBattery.auxiliaryKWhPerStop / unit }
            if let mark = stop.charge { soc = min(100, soc + mark.kWh / unit) }
            if nights.contains(leg.to) || stop.nights > 0,
               stop.charge != nil || chargers?.nearest(latitude: stop.latitude, longitude: stop.longitude,
                                                       withinKm: TripCharging.overnightKm,
                                                       accepting: { battery.power(at: $0) != nil }) != nil {
                soc = max(soc, Double(battery.chargeToSoC))
            }
            depart[leg.to] = soc
        }
        self.arrive = arrive
        self.depart = depart
    }
}
