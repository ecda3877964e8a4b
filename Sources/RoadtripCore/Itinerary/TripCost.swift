import Foundation

/// What a trip costs, day by day and in all: fuel or energy for its legs, lodging for its nights, tolls where the
/// region knows them, and the stops' own costs. Each part says what it stands on; a part nothing is known of is nil,
/// never a guess (a tolled leg without a price leaves `tollsUnknown`, not a made-up sum).
public struct TripCost: Equatable, Sendable {
    /// One day's parts; nil where not known.
    public struct Day: Equatable, Sendable {
        public var fuel: Double?
        public var lodging: Double?
        public var tolls: Double?
        public var other: Double?
        /// A leg driven that day is tolled without a price.
        public var tollsUnknown = false

        /// The known parts added up; nil when none is known.
        public var total: Double? { TripCost.sum(fuel, lodging, tolls, other) }
    }

    /// Each day's parts; empty when nothing can be known (then every day is `Day()`: see `day(_:)`).
    public let days: [Day]
    public let currency: String
    public let travellers: Int
    /// Whether `fuel` is electricity (kWh at `energy_price`).
    public let electric: Bool
    /// Litres, or kWh, for the whole trip (nil without a consumption).
    public let fuelAmount: Double?
    /// The nights lodging is counted for.
    public let nights: Int
    /// Kilometres on tolled roads, where known; and how many legs' tolls are not known (not routed in a region that
    /// knows its tolls).
    public let tolledKm: Double
    public let legsWithoutTollData: Int

    /// The days' parts added up, each nil when no day's is known.
    public let fuel: Double?
    public let lodging: Double?
    public let tolls: Double?
    public let other: Double?
    public let tollsUnknown: Bool
    public var total: Double? { Self.sum(fuel, lodging, tolls, other) }
    public var perTraveller: Double? { total.map { $0 / Double(max(1, travellers)) } }

    /// Whether a stop has a cost of its own: read in place, no stop copied.
    private static func anyCost(_ stops: [Waypoint]) -> Bool {
        stops.withUnsafeBufferPointer { stops in
            stops.indices.contains { stops[$0].words.text.cost != nil || stops[$0].words.text.otherCost != nil }
        }
    }

    /// Whether a leg knows its tolls.
    private static func anyTolls(_ legs: [Itinerary.Leg]) -> Bool {
        legs.withUnsafeBufferPointer { legs in legs.indices.contains { legs[$0].extras?.tollKm != nil } }
    }

    /// Day `index`'s parts (0-based): nothing known past the days worked out.
    public func day(_ index: Int) -> Day {
        days.indices.contains(index) ? days[index] : Day()
    }

    /// Whether a toll's currency (ISO 4217) is the one the costs are in: its code, or its symbol ("€").
    static func same(_ toll: String?, _ currency: String) -> Bool {
        guard let toll else { return true }
        return toll.uppercased() == currency.uppercased() || CostText.symbol(of: toll) == currency
    }

    /// The known of four parts added up; nil when none is (no array: the trip screen adds them on every key).
    static func sum(_ a: Double?, _ b: Double?, _ c: Double?, _ d: Double?) -> Double? {
        guard a != nil || b != nil || c != nil || d != nil else { return nil }
        return (a ?? 0) + (b ?? 0) + (c ?? 0) + (d ?? 0)
    }

    /// `left` plus `right` where either is known.
    private static func add(_ left: Double?, _ right: Double?) -> Double? {
        guard let right else { return left }
        return (left ?? 0) + right
    }

    /// `settings` as the trip overrides them (`Settings.applying`).
    public init(itinerary: Itinerary, trip: Trip, settings: Settings) {
        let stops = trip.waypoints
        let electric = settings.vehicle.isElectric
        let price = electric ? settings.energyPrice : settings.fuelPrice
        let consumption = FuelConsumption(settings)
        currency = settings.currency
        travellers = settings.travellers
        self.electric = electric
        // Nothing to count (no consumption, no nightly rate, no stop's cost, no leg's tolls): no day has a cost, and
        // no day is made (the trip screen works this out on every key).
        let legs = itinerary.legs
        if !consumption.isKnown, settings.lodgingPerNight <= 0, !Self.anyCost(stops), !Self.anyTolls(legs) {
            days = []
            (fuel, lodging, tolls, other, tollsUnknown, fuelAmount, tolledKm) = (nil, nil, nil, nil, false, nil, 0)
            nights = itinerary.nights
            legsWithoutTollData = legs.count
            return
        }
        var days: [Day] = []
        days.reserveCapacity(itinerary.days.count)
        var fuelAmount = 0.0, nights = 0, tolledKm = 0.0, withoutTolls = 0
        var sums: (fuel: Double?, lodging: Double?, tolls: Double?, other: Double?) = (nil, nil, nil, nil)
        var tollsUnknown = false
        // By index, with no array made per day: the trip screen works this out on every key (a 500-stop trip's
        // reorder).
        for (index, day) in itinerary.days.enumerated() {
            var cost = Day()
            var litres = 0.0, tolls = 0.0, priced = false, other = 0.0, hasOther = false
            if index == 0, let first = stops.first?.otherCost { (other, hasOther) = (first, true) }
            for leg in day.legs {
                litres += consumption.amount(for: legs[leg])
                if let km = legs[leg].tollKm {
                    tolledKm += km
                    if km > 0, let price = legs[leg].tollPrice, Self.same(legs[leg].tollCurrency, settings.currency) {
                        tolls += price
                        priced = true
                    } else if km > 0 {
                        cost.tollsUnknown = true
                    }
                } else {
                    withoutTolls += 1
                }
                // A stop's own cost falls on the day it is reached.
                if leg + 1 < stops.count, let reached = stops[leg + 1].otherCost { (other, hasOther) = (other + reached, true) }
            }
            if consumption.isKnown && day.isDriving {
                fuelAmount += litres
                if price > 0 { cost.fuel = litres * price }
            }
            if priced { cost.tolls = tolls }
            if hasOther { cost.other = other }
            if day.hasNight, stops.indices.contains(day.endStop) {
                nights += 1
                let own = stops[day.endStop].cost
                if let rate = own ?? (settings.lodgingPerNight > 0 ? settings.lodgingPerNight : nil) { cost.lodging = rate }
            }
            days.append(cost)
            sums = (Self.add(sums.fuel, cost.fuel), Self.add(sums.lodging, cost.lodging), Self.add(sums.tolls, cost.tolls),
                    Self.add(sums.other, cost.other))
            tollsUnknown = tollsUnknown || cost.tollsUnknown
        }
        self.days = days
        (fuel, lodging, tolls, other) = sums
        self.tollsUnknown = tollsUnknown
        self.fuelAmount = consumption.isKnown ? fuelAmount : nil
        self.nights = nights
        self.tolledKm = tolledKm
        legsWithoutTollData = withoutTolls
    }
}

/// Litres (kWh) per 100 km at a speed: the settings' figure at 90 km/h and below, linear to the one at 120 and on
/// beyond it (air drag grows faster still; a straight line keeps the guess modest).
public struct FuelConsumption: Equatable, Sendable {
    public let at90: Double
    public let at120: Double

    public init(_ settings: Settings) {
        at90 = settings.consumptionPer100km
        at120 = settings.consumptionAt120Per100km > 0 ? settings.consumptionAt120Per100km : settings.consumptionPer100km
    }

    public init(at90: Double, at120: Double) {
        self.at90 = at90
        self.at120 = at120
    }

    public var isKnown: Bool { at90 > 0 }

    /// Per 100 km at `kmh`.
    public func per100km(at kmh: Double) -> Double {
        guard kmh.isFinite, kmh > 90 else { return at90 }
        return max(0, at90 + (at120 - at90) * (min(kmh, 300) - 90) / 30)
    }

    /// What a leg uses: its driven part (not the ferry) at its average speed there.
    public func amount(for leg: Itinerary.Leg) -> Double {
        guard isKnown else { return 0 }
        let km = max(0, leg.distanceKm - leg.ferryKm), hours = max(0, leg.durationSeconds - leg.ferrySeconds) / 3600
        guard km > 0 else { return 0 }
        return km * per100km(at: hours > 0 ? km / hours : 0) / 100
    }
}
