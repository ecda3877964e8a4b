import RoadtripCore

/// References for the charge planner: seeded corridors, an exhaustive search over every subset and order of
/// chargers with every SoC step, and the simple rule TREK-like planners use. Both count as `ChargeSteps` does, so
/// a difference is the programme's, not the rounding's.
public enum ChargeReference {
    /// A seeded day: `count` chargers of mixed power and detour on a road of `km` whose consumption varies by stretch.
    public static func corridor(count: Int, km: Double, battery: EVBattery, startSoC: Int,
                                using generator: inout SeededGenerator) -> ChargeCorridor {
        var profile: [(km: Double, kWh: Double)] = [(0, 0)]
        var seconds: [(km: Double, seconds: Double)] = [(0, 0)]
        while profile.last!.km < km {
            let stretch = min(km - profile.last!.km, Double.random(in: 20...120, using: &generator))
            let kmh = Double.random(in: 60...130, using: &generator)
            let kWh = stretch * battery.batteryKWhPerKm(at: kmh)
            profile.append((profile.last!.km + stretch, profile.last!.kWh + kWh))
            seconds.append((seconds.last!.km + stretch, seconds.last!.seconds + stretch / kmh * 3600))
        }
        func along(_ at: Double, _ points: [(Double, Double)]) -> Double {
            let after = points.firstIndex { $0.0 >= at } ?? points.count - 1
            guard after > 0 else { return points[0].1 }
            let a = points[after - 1], b = points[after]
            return a.1 + (b.1 - a.1) * (at - a.0) / max(1e-9, b.0 - a.0)
        }
        let powers: [ChargerPower] = [
            ChargerPower(kw: 11, socket: .type2, isAssumed: false), ChargerPower(kw: 22, socket: .type2, isAssumed: false),
            ChargerPower(kw: 50, socket: .type2Combo, isAssumed: false),
            ChargerPower(kw: 150, socket: .type2Combo, isAssumed: false),
            ChargerPower(kw: 350, socket: .type2Combo, isAssumed: false),
        ]
        let candidates = (0..<count).map { _ -> ChargeCorridor.Candidate in
            let at = Double.random(in: 0...km, using: &generator)
            let detourKm = Double.random(in: 0...1, using: &generator) < 0.5 ? 0 : Double.random(in: 0.2...12, using: &generator)
            return ChargeCorridor.Candidate(kmAlong: at, secondsAlong: along(at, seconds), energyAlongKWh: along(at, profile),
                                            detourKWh: detourKm * battery.batteryKWhPerKm(at: 50),
                                            detourSeconds: detourKm / 50 * 3600, power: powers.randomElement(using: &generator)!)
        }
        return ChargeCorridor(startSoC: startSoC, candidates: candidates, distanceKm: km, energyKWh: profile.last!.kWh,
                              energyProfile: profile)
    }

    /// The least time over every sequence of distinct chargers (any subset, any order; driving back costs its road
    /// twice more) and every SoC to leave each with; nil when none arrives everywhere at or above the reserve.
    /// Branch and bound: a sequence is given up once it already takes longer than the best found, which times only
    /// add to.
    public static func bruteForce(_ steps: ChargeSteps) -> Double? {
        var best = Double.infinity
        var start = [Double](repeating: .infinity, count: 101)
        start[steps.start] = 0
        var used = [Bool](repeating: false, count: steps.stops.count)
        func search(at position: Int, leaving: [Double]) {
            guard let least = leaving.min(), least < best else { return }
            // The day's end from here.
            let (leave, wayOut) = position < 0 ? (0, 0) : (steps.stops[position].leave, steps.stops[position].wayOut)
            for soc in 0...100 where leaving[soc] < best && soc - (steps.end - leave + wayOut) >= steps.reserve {
                best = leaving[soc]
            }
            for next in steps.stops.indices where !used[next] {
                let stop = steps.stops[next]
                var energy: Int, extra = 0.0
                if next > position {
                    energy = stop.arrive - leave + wayOut + stop.wayIn
                } else {
                    let here = steps.stops[position]
                    energy = wayOut + (here.arrive - stop.leave) + stop.wayIn
                    extra = 2 * (here.secondsAlong - stop.secondsAlong)
                }
                var arriving = [Double](repeating: .infinity, count: 101)
                for soc in 0...100 where leaving[soc] < .infinity {
                    let arrive = soc - energy
                    guard arrive >= steps.reserve, arrive <= 100 else { continue }
                    arriving[arrive] = min(arriving[arrive], leaving[soc] + extra + stop.detourSeconds + steps.stopSeconds)
                }
                var departing = arriving
                for arrive in 0...100 where arriving[arrive] < .infinity && stop.charge[arrive] < .infinity {
                    guard arrive < steps.chargeTo else { continue }
                    for depart in (arrive + 1)...steps.chargeTo {
                        departing[depart] = min(departing[depart], arriving[arrive] + stop.charge[depart] - stop.charge[arrive])
                    }
                }
                used[next] = true
                search(at: next, leaving: departing)
                used[next] = false
            }
        }
        search(at: -1, leaving: start)
        return best < .infinity ? best : nil
    }

    /// "Charge to the limit at the last charger before the reserve": from where the car is, drive on to the end if
    /// it arrives at or above the reserve, else to the furthest charger it reaches so, and charge there to the
    /// limit. The time it adds; nil when it gets stuck.
    public static func lastBeforeReserve(_ steps: ChargeSteps) -> Double? {
        var position = -1, soc = steps.start, seconds = 0.0
        while true {
            let (leave, wayOut) = position < 0 ? (0, 0) : (steps.stops[position].leave, steps.stops[position].wayOut)
            if soc - (steps.end - leave + wayOut) >= steps.reserve { return seconds }
            let reachable = steps.stops.indices.filter { index in
                index > position && soc - (steps.stops[index].arrive - leave + wayOut + steps.stops[index].wayIn) >= steps.reserve
            }
            guard let next = reachable.last else { return nil }
            let stop = steps.stops[next]
            let arrive = soc - (stop.arrive - leave + wayOut + stop.wayIn)
            guard arrive < steps.chargeTo, stop.charge[steps.chargeTo] < .infinity else { return nil }
            seconds += stop.detourSeconds + steps.stopSeconds + stop.charge[steps.chargeTo] - stop.charge[arrive]
            (position, soc) = (next, steps.chargeTo)
        }
    }
}
