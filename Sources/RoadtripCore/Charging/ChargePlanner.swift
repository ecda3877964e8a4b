/// The fastest way through one driving day's chargers: a dynamic programme over (charger, SoC in 1 % steps) that
/// minimises the time the charging adds (detours, charging, and a fixed stop overhead; the road's own driving is the
/// same whatever is chosen), with every arrival at a charger and at the day's end at or above the reserve.
///
/// The chargers are taken in order along the road. The state after leaving a charger is kept as the SoC the car
/// would have at the day's start to arrive where it does ("leave SoC + road energy used so far − the way out"),
/// so one array of the best time for each such value serves every later charger: a charger reads the best way to
/// arrive with each SoC in one step, and the whole day is O(chargers × 101).
public enum ChargePlanner {
    public struct Visit: Equatable, Sendable {
        /// Index into the corridor's candidates.
        public var candidate: Int
        public var arriveSoC: Int
        public var departSoC: Int
        public var chargeSeconds: Double
    }

    public struct Plan: Equatable, Sendable {
        public var visits: [Visit]
        /// The SoC on arrival at the day's end.
        public var endSoC: Int
        /// What the charging adds to the day: detours, charging and each stop's overhead, seconds.
        public var seconds: Double
    }

    /// Where no plan exists: the furthest the car gets (its reserve reached), from the last charger it could use.
    public struct Gap: Equatable, Sendable {
        /// km along the day's road where the last usable charge (or the day's start) is.
        public var fromKm: Double
        /// km along where the reserve is reached.
        public var runsOutKm: Double
        /// The next usable charger beyond, or the day's end, km along.
        public var toKm: Double
        /// The next is the day's end.
        public var toEnd: Bool
        /// What more in SoC the best attempt needed to reach it, percent.
        public var shortPercent: Int
        /// It is the start's charge that falls short (no charger before it could be reached and help).
        public var fromStart: Bool
    }

    public enum Outcome: Equatable, Sendable {
        case plan(Plan)
        case gap(Gap)
    }

    public static func plan(_ corridor: ChargeCorridor, battery: EVBattery) -> Outcome {
        plan(ChargeSteps(corridor, battery: battery), corridor: corridor)
    }

    static func plan(_ steps: ChargeSteps, corridor: ChargeCorridor) -> Outcome {
        let stops = steps.stops
        let offset = (stops.map(\.wayOut).max() ?? 0) + 1
        let size = offset + 101 + (stops.map(\.leave).max() ?? 0) + 1
        // best[u]: the least time to be on the road with start-equivalent SoC u - offset; from[u]: who left so
        // (a charger and the SoC it left with; -1 for the day's start).
        var best = [Double](repeating: .infinity, count: size)
        var from = [(stop: Int32, soc: Int8)](repeating: (-1, 0), count: size)
        best[steps.start + offset] = 0
        from[steps.start + offset] = (-1, Int8(steps.start))
        var arrivedFrom = [[(stop: Int32, soc: Int8)]](repeating: [], count: stops.count)
        var chargedFrom = [[Int8]](repeating: [], count: stops.count)
        var arrive = [Double](repeating: .infinity, count: 101)
        var leave = [Double](repeating: .infinity, count: 101)
        for (index, stop) in stops.enumerated() {
            var parents = [(stop: Int32, soc: Int8)](repeating: (-1, -1), count: 101)
            var reached = false
            for soc in 0...100 {
                arrive[soc] = .infinity
                let u = soc + stop.arrive + stop.wayIn + offset
                guard soc >= steps.reserve, u < size, best[u] < .infinity else { continue }
                arrive[soc] = best[u] + stop.detourSeconds + steps.stopSeconds
                parents[soc] = from[u]
                reached = true
            }
            guard reached else { continue }
            var choices = [Int8](repeating: -1, count: 101)
            // Leaving with d: arriving with a ≤ d and charging from a to d, the time t[d] - t[a]; the least of
            // arrive[a] - t[a] so far is carried up, so each d is one step.
            var least = Double.infinity, leastAt = -1
            for soc in 0...100 {
                leave[soc] = arrive[soc]
                choices[soc] = arrive[soc] < .infinity ? Int8(soc) : -1
                guard soc <= steps.chargeTo else { continue }
                if arrive[soc] < .infinity, stop.charge[soc] < .infinity, arrive[soc] - stop.charge[soc] < least {
                    (least, leastAt) = (arrive[soc] - stop.charge[soc], soc)
                }
                if leastAt >= 0, leastAt < soc, least + stop.charge[soc] < leave[soc] {
                    leave[soc] = least + stop.charge[soc]
                    choices[soc] = Int8(leastAt)
                }
            }
            for soc in 0...100 where leave[soc] < .infinity {
                let u = soc + stop.leave - stop.wayOut + offset
                if leave[soc] < best[u] {
                    best[u] = leave[soc]
                    from[u] = (Int32(index), Int8(soc))
                }
            }
            arrivedFrom[index] = parents
            chargedFrom[index] = choices
        }
        var finish = -1
        for u in 0..<size where best[u] < .infinity && u - offset - steps.end >= steps.reserve {
            if finish < 0 || best[u] < best[finish] || (best[u] == best[finish] && u > finish) { finish = u }
        }
        guard finish >= 0 else { return .gap(gap(steps, corridor: corridor, best: best, from: from, offset: offset)) }
        var visits: [Visit] = []
        var at = from[finish]
        while at.stop >= 0 {
            let index = Int(at.stop), depart = Int(at.soc)
            let arrive = Int(chargedFrom[index][depart])
            let stop = stops[index]
            visits.append(Visit(candidate: index, arriveSoC: arrive, departSoC: depart,
                                chargeSeconds: stop.charge[depart] - stop.charge[arrive]))
            at = arrivedFrom[index][arrive]
        }
        return .plan(Plan(visits: visits.reversed(), endSoC: min(100, finish - offset - steps.end), seconds: best[finish]))
    }

    /// The furthest any way gets: the largest start-equivalent SoC reached, less the reserve, is the road energy
    /// the car can use; the next charger (or the end) beyond it is what it falls short of.
    private static func gap(_ steps: ChargeSteps, corridor: ChargeCorridor, best: [Double],
                            from: [(stop: Int32, soc: Int8)], offset: Int) -> Gap {
        let furthest = best.indices.last { best[$0] < .infinity }!
        let reach = furthest - offset - steps.reserve
        let source = Int(from[furthest].stop)
        let runsOut = corridor.km(atEnergy: Double(max(0, reach)) * steps.unit)
        let next = steps.stops.indices.first { index in
            steps.stops[index].arrive + steps.stops[index].wayIn > reach && corridor.candidates[index].kmAlong >= runsOut
        }
        let target = next.map { steps.stops[$0].arrive + steps.stops[$0].wayIn } ?? steps.end
        return Gap(fromKm: source >= 0 ? corridor.candidates[source].kmAlong : 0, runsOutKm: runsOut,
                   toKm: next.map { corridor.candidates[$0].kmAlong } ?? corridor.distanceKm, toEnd: next == nil,
                   shortPercent: max(1, target - reach), fromStart: source < 0)
    }
}
