import Foundation
import RoadtripCore

/// `show --json`: the trip as stored, then what the itinerary computed. Stops are numbered from 1 as on
/// screen; distances in km to the metre, times in whole seconds; clock times ISO 8601 with the stop's offset.
struct TripJSON: Encodable {
    struct Leg: Encodable {
        let from: Int
        let to: Int
        let distanceKm: Double
        let durationSeconds: Int
        let source: String
        /// What the figures stand on: "road" (a router's answer) or "straight line" (the estimate's).
        let basis: String
        /// Why the engine gave no answer, and/or "crosses ≈18 km of sea" for an estimate with no way round.
        let note: String?
        /// The installed region whose database routed the leg (router auto).
        let region: String?
        /// The ferry part of the leg, absent without one.
        let ferryKm: Double?
        let ferrySeconds: Int?
        /// Roads the profile asked to avoid that the engine could not keep off; absent when none.
        let unavoided: [String]?
        /// True when the engine routed for its own vehicle (OSRM's server profile); absent otherwise.
        let ownProfile: Bool?
        /// Tolled km and their price, where the region knows them; absent when not known.
        let tollKm: Double?
        let tollPrice: Double?
    }

    /// What the legs were asked to honour: the vehicle (the trip's over the settings') and the roads avoided.
    struct Profile: Encodable {
        let vehicle: String
        let topSpeedKmh: Double?
        let heightM: Double?
        let widthM: Double?
        let weightT: Double?
        let avoid: [String]
        /// Whether the trip sets any of it (else the settings' alone).
        let fromTrip: Bool
    }

    /// One part of the cost: its amount (null when not known) and what it stands on.
    struct CostPart: Encodable {
        let amount: Double?
        let source: String
        /// Litres or kWh (fuel and energy), nights (lodging), tolled km (tolls).
        let litres: Double?
        let kWh: Double?
        let nights: Int?
        let tolledKm: Double?

        init(_ amount: Double?, _ source: String, litres: Double? = nil, kWh: Double? = nil, nights: Int? = nil,
             tolledKm: Double? = nil) {
            self.amount = amount.map(TripJSON.cents)
            self.source = source
            (self.litres, self.kWh, self.nights, self.tolledKm) = (litres, kWh, nights, tolledKm)
        }

        private enum CodingKeys: String, CodingKey { case amount, source, litres, kWh, nights, tolledKm }

        /// `amount` is always there, null when not known; the rest only when they apply.
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(amount, forKey: .amount)
            try c.encode(source, forKey: .source)
            try c.encodeIfPresent(litres, forKey: .litres)
            try c.encodeIfPresent(kWh, forKey: .kWh)
            try c.encodeIfPresent(nights, forKey: .nights)
            try c.encodeIfPresent(tolledKm, forKey: .tolledKm)
        }
    }

    /// The trip's cost (`TripCost`): `fuel` or `energy`, `lodging`, `tolls`, `other`, their `total`, and
    /// `tollsUnknown` when a tolled leg has no price.
    struct Cost: Encodable {
        let currency: String
        let fuel: CostPart?
        let energy: CostPart?
        let lodging: CostPart
        let tolls: CostPart
        let other: CostPart
        let total: Double?
        let travellers: Int
        let perTraveller: Double?
        let tollsUnknown: Bool?
    }

    /// A day's cost: each part's amount (absent when not known) and the total of those known.
    struct DayCost: Encodable {
        let fuel: Double?
        let energy: Double?
        let lodging: Double?
        let tolls: Double?
        let other: Double?
        let total: Double?
        let tollsUnknown: Bool?
    }

    struct Day: Encodable {
        let day: Int
        let date: CalendarDate?
        let from: Int
        let to: Int
        let distanceKm: Double
        let drivingSeconds: Int
        let overDailyLimit: Bool
        /// "road" when a router answered each of its legs, else "straight line" (absent on a day without driving).
        let basis: String?
        /// A day spent on the road by a drive that left on an earlier day; absent otherwise.
        let onTheRoad: Bool?
        /// The day the drive reaches `to`, when later than this one (a drive that overruns past midnight).
        let arrivesDay: Int?
        var cost: DayCost?
    }

    /// A stop's clock and sun: `arrives` absent on the first stop, `departs` on the last; `sunrise` and `sunset`
    /// absent in a polar day or night (`daylight` says which). An undated trip has no instants (its times have no
    /// date) and no sun (no season): only the zone.
    struct Stop: Encodable {
        let position: Int
        let name: String
        let timeZone: String
        let arrives: String?
        let departs: String?
        let sunrise: String?
        let sunset: String?
        let daylight: String?
        let afterDark: Bool?
        /// An electric trip's battery on arriving (absent at the start) and leaving, percent; absent otherwise.
        var soc: Soc?
        /// A charge stop's charging: power, energy added, socket; absent on other stops.
        var charging: Charging?
    }

    struct Soc: Encodable {
        let arrive: Int?
        let depart: Int
    }

    struct Charging: Encodable {
        let kw: Double
        let kWh: Double
        let socket: String?
        let minutes: Int
    }

    /// A value that lost to another machine's concurrent edit (`EditConflict`), in words.
    struct Conflict: Encodable {
        let field: String
        let stop: Int?
        let kept: String
        let other: String
        let stamp: String
    }

    let trip: Trip
    let profile: Profile
    let cost: Cost
    /// Empty when the trip has none.
    let conflicts: [Conflict]
    let stops: [Stop]
    let distanceKm: Double
    let legsKm: [Double?]
    let legs: [Leg]
    var days: [Day]
    let drivingSeconds: Int
    let nights: Int
    let endDate: CalendarDate?
    /// With `range_km` set: the stretches without a station on the days that could be checked (`FuelGaps.check`),
    /// and the legs that could not, with why (no region holds them). Both absent without a range.
    var fuelGaps: [FuelCheckOutput.Gap]?
    var fuelNotChecked: [FuelCheckOutput.Unchecked]?
    /// What holds for the whole trip: legs across installed regions that are not merged (`RegionSpan.note`).
    var notes: [String] = []

    init(_ trip: Trip, _ itinerary: Itinerary, settings: Settings, cost: TripCost, battery: TripBattery? = nil) {
        self.trip = trip
        let route = settings.routeProfile
        let given = { (value: Double) in value > 0 ? value : nil }
        profile = Profile(vehicle: route.vehicle.rawValue, topSpeedKmh: given(route.topSpeedKmh), heightM: given(route.heightM),
                          widthM: given(route.widthM), weightT: given(route.weightT), avoid: route.avoid.map(\.rawValue),
                          fromTrip: trip.vehicle != nil || trip.avoid != nil)
        self.cost = Self.cost(cost, settings)
        conflicts = trip.conflicts.map {
            let text = ConflictText($0, in: trip)
            return Conflict(field: $0.field, stop: text.position, kept: text.kept, other: text.other, stamp: $0.stamp)
        }
        let daylight = ItineraryDaylight(trip: trip, itinerary: itinerary)
        stops = trip.waypoints.indices.map { index in
            var stop = Self.stop(trip, itinerary, daylight, index)
            if let battery {
                let soc = battery.percents(at: index)
                stop.soc = Soc(arrive: soc.arrive, depart: soc.depart)
            }
            if let mark = trip.waypoints[index].charge {
                stop.charging = Charging(kw: mark.kw, kWh: mark.kWh, socket: mark.socket?.rawValue,
                                         minutes: trip.waypoints[index].stayMinutes)
            }
            return stop
        }
        distanceKm = Self.metres(itinerary.distanceKm)
        legsKm = trip.waypoints.isEmpty ? [] : [nil] + itinerary.legs.map { Self.metres($0.distanceKm) }
        legs = itinerary.legs.map {
            Leg(from: $0.from + 1, to: $0.to + 1, distanceKm: Self.metres($0.distanceKm),
                durationSeconds: Int(saturating: $0.durationSeconds.rounded()), source: $0.source.rawValue,
                basis: Self.basis($0.isEstimate), note: Self.note($0),
                region: $0.region, ferryKm: $0.usesFerry ? Self.metres($0.ferryKm) : nil,
                ferrySeconds: $0.usesFerry ? Int(saturating: $0.ferrySeconds.rounded()) : nil,
                unavoided: $0.unavoided.isEmpty ? nil : $0.unavoided.map(\.rawValue), ownProfile: $0.ownProfile ? true : nil,
                tollKm: $0.tollKm.map(Self.metres), tollPrice: $0.tollPrice.map(Self.cents))
        }
        days = itinerary.days.map {
            Day(day: $0.number, date: $0.date, from: $0.startStop + 1, to: $0.endStop + 1,
                distanceKm: Self.metres($0.distanceKm), drivingSeconds: Int(saturating: $0.drivingSeconds.rounded()),
                overDailyLimit: $0.exceedsLimit,
                basis: $0.isDriving ? Self.basis(itinerary.legs[$0.legs].contains(where: \.isEstimate)) : nil, onTheRoad: $0.isOnTheRoad ? true : nil,
                arrivesDay: $0.isDriving && $0.overruns ? $0.lastNumber : nil)
        }
        for index in days.indices where cost.days.indices.contains(index) {
            let day = cost.days[index]
            guard day.total != nil || day.tollsUnknown else { continue }
            days[index].cost = DayCost(fuel: cost.electric ? nil : day.fuel.map(Self.cents),
                                       energy: cost.electric ? day.fuel.map(Self.cents) : nil,
                                       lodging: day.lodging.map(Self.cents), tolls: day.tolls.map(Self.cents),
                                       other: day.other.map(Self.cents), total: day.total.map(Self.cents),
                                       tollsUnknown: day.tollsUnknown ? true : nil)
        }
        drivingSeconds = Int(saturating: itinerary.drivingSeconds.rounded())
        nights = itinerary.nights
        endDate = itinerary.endDate
    }

    private static func basis(_ estimated: Bool) -> String { estimated ? "straight line" : "road" }

    private static func cost(_ cost: TripCost, _ settings: Settings) -> Cost {
        let sources = CostText.sources(cost, settings)
        let amount = cost.fuelAmount.map { ($0 * 10).rounded() / 10 }
        let fuel = CostPart(cost.fuel, sources["fuel"] ?? "", litres: cost.electric ? nil : amount,
                            kWh: cost.electric ? amount : nil)
        return Cost(currency: cost.currency, fuel: cost.electric ? nil : fuel, energy: cost.electric ? fuel : nil,
                    lodging: CostPart(cost.lodging, sources["lodging"] ?? "", nights: cost.nights),
                    tolls: CostPart(cost.tolls, sources["tolls"] ?? "", tolledKm: metres(cost.tolledKm)),
                    other: CostPart(cost.other, sources["other"] ?? ""), total: cost.total.map(cents),
                    travellers: cost.travellers, perTraveller: cost.perTraveller.map(cents),
                    tollsUnknown: cost.tollsUnknown ? true : nil)
    }

    static func cents(_ amount: Double) -> Double { (amount * 100).rounded() / 100 }

    /// The engine's failure, and "crosses ≈18 km of sea" for an estimate with no way round; nil when neither.
    private static func note(_ leg: Itinerary.Leg) -> String? {
        let notes = [leg.note, leg.crossesWater ? "crosses " + TripText.seaGap(leg.seaKm, .km) : nil].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    private static func stop(_ trip: Trip, _ itinerary: Itinerary, _ daylight: ItineraryDaylight, _ index: Int) -> Stop {
        let arrival = itinerary.arrivals[index]
        let clock = ZoneClock(arrival.timeZone, dated: true)
        var sun: (rise: String?, set: String?, polar: String?) = (nil, nil, nil)
        switch daylight.daylight(at: index) {
        case let .day(sunrise, sunset, _)?:
            sun = (clock.local(sunrise).iso8601, clock.local(sunset).iso8601, nil)
        case .midnightSun?: sun.polar = "midnight sun"
        case .polarNight?: sun.polar = "polar night"
        case nil: break
        }
        let light = index > 0 ? daylight.light(ofLeg: index - 1) : nil
        return Stop(position: index + 1, name: trip.waypoints[index].name, timeZone: arrival.timeZone.identifier,
                    arrives: arrival.local?.iso8601, departs: arrival.departureLocal?.iso8601, sunrise: sun.rise,
                    sunset: sun.set, daylight: sun.polar, afterDark: light?.arrivesAfterDark)
    }

    private static func metres(_ km: Double) -> Double { (km * 1000).rounded() / 1000 }
}
