/// One driving day's road as the charge planner sees it: the battery energy used from the day's start to each point
/// (driving and the stops' auxiliary cost), and the chargers near it, each with where it meets the road and its detour.
public struct ChargeCorridor: Sendable {
    public struct Candidate: Sendable {
        /// Where the charger meets the road, km from the day's start.
        public var kmAlong: Double
        /// The driving from the day's start to that point, seconds.
        public var secondsAlong: Double
        /// The battery energy used from the day's start to that point, kWh.
        public var energyAlongKWh: Double
        /// The way off the road to the charger and back, in battery energy and seconds.
        public var detourKWh: Double
        public var detourSeconds: Double
        public var power: ChargerPower

        public init(kmAlong: Double, secondsAlong: Double, energyAlongKWh: Double, detourKWh: Double, detourSeconds: Double,
                    power: ChargerPower) {
            self.kmAlong = kmAlong
            self.secondsAlong = secondsAlong
            self.energyAlongKWh = energyAlongKWh
            self.detourKWh = detourKWh
            self.detourSeconds = detourSeconds
            self.power = power
        }
    }

    /// The SoC the day starts with.
    public var startSoC: Int
    /// In order along the road (km, then as given).
    public var candidates: [Candidate]
    public var distanceKm: Double
    /// The battery energy the whole day uses, kWh.
    public var energyKWh: Double
    /// Battery energy against km along the road (rising), to say where a gap lies.
    public var energyProfile: [(km: Double, kWh: Double)]

    public init(startSoC: Int, candidates: [Candidate], distanceKm: Double, energyKWh: Double,
                energyProfile: [(km: Double, kWh: Double)]) {
        self.startSoC = startSoC
        self.candidates = candidates.enumerated().sorted {
            $0.element.kmAlong != $1.element.kmAlong ? $0.element.kmAlong < $1.element.kmAlong : $0.offset < $1.offset
        }.map(\.element)
        self.distanceKm = distanceKm
        self.energyKWh = energyKWh
        self.energyProfile = energyProfile
    }

    /// The km along the road where `kWh` has been used (the profile read backwards).
    public func km(atEnergy kWh: Double) -> Double {
        guard let after = energyProfile.firstIndex(where: { $0.kWh >= kWh }) else { return distanceKm }
        guard after > 0 else { return energyProfile[0].km }
        let a = energyProfile[after - 1], b = energyProfile[after]
        return b.kWh > a.kWh ? a.km + (b.km - a.km) * (kWh - a.kWh) / (b.kWh - a.kWh) : b.km
    }
}

/// The corridor in whole percents of the battery, as the planner and its brute-force check both count: energy from
/// the day's start is rounded down where the car leaves a point and up where it arrives, each detour half up on the
/// way in and half up on the way out, so a planned arrival is never above what the car will have.
public struct ChargeSteps: Sendable {
    public struct Stop: Sendable {
        /// Road energy to the charger's point, rounded down (leaving) and up (arriving), percent.
        public var leave: Int
        public var arrive: Int
        /// Half the detour (and the stop's auxiliary cost on the way in), rounded up, percent.
        public var wayIn: Int
        public var wayOut: Int
        public var detourSeconds: Double
        /// The driving from the day's start to the charger's point (a brute force driving back needs it).
        public var secondsAlong: Double
        /// Seconds to charge from 0 to each percent here.
        public var charge: [Double]
    }

    /// kWh a percent holds.
    public var unit: Double
    public var start: Int
    public var reserve: Int
    public var chargeTo: Int
    public var stopSeconds: Double
    public var stops: [Stop]
    /// Road energy to the day's end, rounded up, percent.
    public var end: Int

    public init(_ corridor: ChargeCorridor, battery: EVBattery) {
        let unit = battery.kWhPerPercent
        func down(_ kWh: Double) -> Int { Int((kWh / unit).rounded(.down)) }
        func up(_ kWh: Double) -> Int { Int((kWh / unit).rounded(.up)) }
        var curves: [ChargerPower: [Double]] = [:]
        self.unit = unit
        start = min(100, max(0, corridor.startSoC))
        reserve = battery.reserveSoC
        chargeTo = battery.chargeToSoC
        stopSeconds = battery.stopSeconds
        end = up(corridor.energyKWh)
        stops = corridor.candidates.map { candidate in
            let charge = curves[candidate.power] ?? battery.chargeSeconds(power: candidate.power)
            curves[candidate.power] = charge
            return Stop(leave: down(candidate.energyAlongKWh), arrive: up(candidate.energyAlongKWh),
                        wayIn: up(candidate.detourKWh / 2 + EVBattery.auxiliaryKWhPerStop), wayOut: up(candidate.detourKWh / 2),
                        detourSeconds: candidate.detourSeconds, secondsAlong: candidate.secondsAlong,
                        charge: charge)
        }
    }
}
