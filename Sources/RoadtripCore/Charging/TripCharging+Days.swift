import Foundation

/// The day-by-day planning behind `TripCharging.plan`: each driving day's corridor, its plan or its gap, and the
/// SoC carried into the next day (a night with a charger fills to the limit).
struct DayByDay {
    struct Planned {
        let day: Int
        let stop: AlongStop
        let power: ChargerPower
        let visit: ChargePlanner.Visit
        let stopSeconds: Double
    }

    let trip: Trip
    let itinerary: Itinerary
    let battery: EVBattery
    let finder: AlongFinder
    let chargers: any ChargerLookup
    private(set) var planned: [Planned] = []
    /// By stop of `trip`.
    private(set) var soc: [Int: (arrive: Int?, depart: Int?)] = [:]
    private(set) var overnight: Set<Int> = []
    private(set) var gaps: [TripCharging.Gap] = []
    private(set) var unused = TripCharging.Unused()
    private(set) var bases: [(day: Int, basis: DayBasis)] = []
    private var unusedIDs: [String: WritableKeyPath<TripCharging.Unused, Int>] = [:]

    init(trip: Trip, itinerary: Itinerary, battery: EVBattery, finder: AlongFinder, chargers: any ChargerLookup) {
        self.trip = trip
        self.itinerary = itinerary
        self.battery = battery
        self.finder = finder
        self.chargers = chargers
    }

    mutating func run(only: Int?) {
        let walk = BatteryWalk(trip: trip, itinerary: itinerary, battery: battery, chargers: chargers)
        var start = battery.startSoC
        for day in itinerary.days where day.isDriving && (only == nil || only == day.number) {
            // A walk that ran out before the day starts it empty: the day's gap then says so.
            if only != nil { start = min(100, max(0, Int(walk.depart[day.startStop].rounded(.down)))) }
            soc[day.startStop, default: (nil, nil)].depart = start
            let arrival = plan(day, start: start)
            let end = day.endStop
            soc[end, default: (nil, nil)].arrive = arrival
            let charged = day.hasNight || trip.waypoints[end].nights > 0
            let stop = trip.waypoints[end]
            if charged, chargers.nearest(latitude: stop.latitude, longitude: stop.longitude, withinKm: TripCharging.overnightKm,
                                         accepting: { battery.power(at: $0) != nil }) != nil {
                overnight.insert(end)
                start = max(arrival ?? battery.reserveSoC, battery.chargeToSoC)
            } else {
                // After a gap, as if it were closed arriving at the reserve.
                start = arrival ?? battery.reserveSoC
            }
        }
        for kind in unusedIDs.values { unused[keyPath: kind] += 1 }
    }

    /// Plans one day; the SoC on arriving at its end, nil when it has a gap.
    private mutating func plan(_ day: Itinerary.Day, start: Int) -> Int? {
        let energy = DayEnergy(day, itinerary: itinerary, battery: battery)
        let along = finder.along(day: day.number, trip: trip, itinerary: itinerary, categories: [.charge])
        bases.append((day.number, along.basis))
        var sources: [(stop: AlongStop, power: ChargerPower)] = []
        var candidates: [ChargeCorridor.Candidate] = []
        for stop in along.stops {
            guard let power = usable(stop.feature.osmID) else { continue }
            let perKm = energy.legs.first { $0.leg == stop.leg }?.perKm ?? 0
            candidates.append(ChargeCorridor.Candidate(
                kmAlong: stop.kmAlong, secondsAlong: stop.secondsAlong,
                energyAlongKWh: energy.kWh(atKm: stop.kmAlong, leg: stop.leg), detourKWh: stop.detourKm * perKm,
                detourSeconds: stop.detourSeconds, power: power))
            sources.append((stop, power))
        }
        let corridor = ChargeCorridor(startSoC: start, candidates: candidates, distanceKm: energy.distanceKm,
                                      energyKWh: energy.kWh, energyProfile: energy.profile)
        switch ChargePlanner.plan(corridor, battery: battery) {
        case .plan(let plan):
            for visit in plan.visits {
                let source = sources[visit.candidate]
                planned.append(Planned(day: day.number, stop: source.stop, power: source.power, visit: visit,
                                       stopSeconds: battery.stopSeconds))
            }
            passing(day, energy: energy, start: start, plan: plan, candidates: candidates)
            return plan.endSoC
        case .gap(let gap):
            gaps.append(explain(gap, day: day, energy: energy, start: start))
            return nil
        }
    }

    /// A charger's power for this car; nil (and counted) when it is unknown, private or has no socket that fits.
    private mutating func usable(_ osmID: String) -> ChargerPower? {
        guard let charger = chargers.charger(osmID: osmID) else {
            unusedIDs[osmID] = \.unknown
            return nil
        }
        if charger.isPrivate {
            unusedIDs[osmID] = \.isPrivate
            return nil
        }
        guard let power = battery.power(at: charger) else {
            unusedIDs[osmID] = \.incompatible
            return nil
        }
        return power
    }

    /// The SoC on arriving at the stops the day passes through, from the charge before each.
    private mutating func passing(_ day: Itinerary.Day, energy: DayEnergy, start: Int, plan: ChargePlanner.Plan,
                                  candidates: [ChargeCorridor.Candidate]) {
        for stop in (day.startStop + 1)..<day.endStop {
            let km = energy.legs.first { $0.leg == stop }?.km ?? energy.distanceKm
            let used = energy.kWh(arrivingAfter: stop - 1)
            var (left, leftAt) = (Double(start), 0.0)
            for visit in plan.visits where candidates[visit.candidate].kmAlong <= km {
                let candidate = candidates[visit.candidate]
                (left, leftAt) = (Double(visit.departSoC), candidate.energyAlongKWh - candidate.detourKWh / 2)
            }
            let arrive = Int((left - (used - leftAt) / battery.kWhPerPercent).rounded(.down))
            soc[stop] = (arrive, arrive)
        }
    }
}
