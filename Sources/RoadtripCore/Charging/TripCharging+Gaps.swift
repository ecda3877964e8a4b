import Foundation

extension DayByDay {
    /// A day's gap as the user reads it: where the reserve is reached, how far short, and what would close it.
    func explain(_ gap: ChargePlanner.Gap, day: Itinerary.Day, energy: DayEnergy, start: Int) -> TripCharging.Gap {
        let leg = energy.legs.last { $0.km <= gap.runsOutKm }?.leg ?? day.legs.lowerBound
        let stops = trip.waypoints
        let shortKm = max(0, gap.toKm - gap.runsOutKm)
        var fixes: [String] = []
        let needed = start + gap.shortPercent
        if gap.fromStart, day.startStop == 0, needed <= 100 {
            fixes.append("Start with at least \(needed) % (start_soc is \(start) %).")
        } else if gap.fromStart, day.startStop > 0, start < battery.chargeToSoC {
            fixes.append("Charge overnight at \(stops[day.startStop].name): no charger the car can use is known within 1 km of it; "
                         + "a stop with one would start the day at \(battery.chargeToSoC) %.")
        }
        if let earlier = ((day.startStop + 1)..<day.endStop).last(where: { stop in
            (energy.legs.first { $0.leg == stop }?.km ?? .infinity) < gap.runsOutKm
        }) {
            fixes.append("End day \(day.number) earlier, at \(stops[earlier].name), with a charger for the night.")
        }
        if gap.runsOutKm >= 1 {
            fixes.append("A charger you know before km \(Int(gap.runsOutKm.rounded(.down))) of day \(day.number) "
                         + "(after \(stops[leg].name)), added as a stop, would close it.")
        }
        return TripCharging.Gap(day: day.number, afterStop: leg, fromKm: gap.fromKm, runsOutKm: gap.runsOutKm,
                                toKm: gap.toKm, toEnd: gap.toEnd, shortKm: shortKm, shortPercent: gap.shortPercent,
                                coordinate: coordinate(day, atKm: gap.runsOutKm), fixes: fixes)
    }

    /// A route's longitude runs on past ±180° across the antimeridian: back within range.
    private func wrapped(_ longitude: Double) -> Double {
        let turned = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (turned < 0 ? turned + 360 : turned) - 180
    }

    /// The point `km` along the day's road (or straight line).
    private func coordinate(_ day: Itinerary.Day, atKm km: Double) -> Coordinate? {
        let road = AlongRoad(day: day, itinerary: itinerary, stops: trip.waypoints, corridorKm: AlongFinder.defaultCorridorKm)
        let points = road.route.points
        guard !points.isEmpty else { return nil }
        guard let after = road.km.firstIndex(where: { $0 >= km }), after > 0 else {
            let point = km <= 0 ? points[0] : points[points.count - 1]
            return try? Coordinate(latitude: point.latitude, longitude: wrapped(point.longitude))
        }
        let a = points[after - 1], b = points[after]
        let share = road.km[after] > road.km[after - 1] ? (km - road.km[after - 1]) / (road.km[after] - road.km[after - 1]) : 0
        return try? Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * share,
                               longitude: wrapped(a.longitude + (b.longitude - a.longitude) * share))
    }
}
