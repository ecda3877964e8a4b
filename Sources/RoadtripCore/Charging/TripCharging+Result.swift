import Foundation

extension DayByDay {
    /// The trip with the charge stops inserted after the stops of the legs they lie along (in order along each),
    /// and every figure keyed by the new trip's positions.
    func result(before: Trip) -> TripCharging {
        var after = trip
        after.waypoints = []
        var charges: [TripCharging.Charge] = []
        var positions: [Int: Int] = [:]
        let byLeg = Dictionary(grouping: planned, by: \.stop.leg)
        for (index, stop) in trip.waypoints.enumerated() {
            positions[index] = after.waypoints.count
            after.waypoints.append(stop)
            for charge in (byLeg[index] ?? []).sorted(by: { $0.stop.kmAlong < $1.stop.kmAlong }) {
                let (waypoint, made) = Self.stop(charge, battery: battery, position: after.waypoints.count)
                after.waypoints.append(waypoint)
                charges.append(made)
            }
        }
        var stops = soc.map { index, soc in
            TripCharging.StopCharge(position: positions[index]!, arriveSoC: soc.arrive, departSoC: soc.depart,
                                    chargesOvernight: overnight.contains(index))
        }
        stops += charges.map { TripCharging.StopCharge(position: $0.position, arriveSoC: $0.arriveSoC, departSoC: $0.departSoC,
                                                        chargesOvernight: false) }
        stops.sort { $0.position < $1.position }
        let gaps = self.gaps.map { gap in
            TripCharging.Gap(day: gap.day, afterStop: positions[gap.afterStop]!, fromKm: gap.fromKm, runsOutKm: gap.runsOutKm,
                             toKm: gap.toKm, toEnd: gap.toEnd, shortKm: gap.shortKm, shortPercent: gap.shortPercent,
                             coordinate: gap.coordinate, fixes: gap.fixes)
        }
        return TripCharging(before: before, after: after, charges: charges, stops: stops, gaps: gaps, unused: unused,
                            bases: bases, battery: battery)
    }

    /// A planned charge as a stop: the time at the charger as its stay, and its mark.
    private static func stop(_ charge: Planned, battery: EVBattery, position: Int) -> (Waypoint, TripCharging.Charge) {
        let visit = charge.visit
        let kWh = Double(visit.departSoC - visit.arriveSoC) * battery.kWhPerPercent
        let minutes = min(Limits.stayMinutes.upperBound, Int(((visit.chargeSeconds + charge.stopSeconds) / 60).rounded(.up)))
        let kw = visit.chargeSeconds > 0 ? kWh / (visit.chargeSeconds / 3600) : charge.power.kw
        var waypoint = charge.stop.waypoint
        waypoint.stayMinutes = minutes
        waypoint.charge = ChargeMark(kw: (kw * 10).rounded() / 10, kWh: (kWh * 10).rounded() / 10, socket: charge.power.socket)
        let made = TripCharging.Charge(day: charge.day, position: position, name: waypoint.name, osmID: charge.stop.feature.osmID,
                                       coordinate: charge.stop.coordinate, kw: kw, socketKW: charge.power.kw,
                                       socket: charge.power.socket, isAssumed: charge.power.isAssumed,
                                       arriveSoC: visit.arriveSoC, departSoC: visit.departSoC, kWh: kWh, minutes: minutes,
                                       detourKm: charge.stop.detourKm)
        return (waypoint.fillingTimeZone(), made)
    }
}
