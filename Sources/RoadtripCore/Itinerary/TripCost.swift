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
        public var total: Double? {
            let parts = [fuel, lodging, tolls, other].compactMap { $0 }
            return parts.isEmpty ? nil : parts.reduce(0, +)
        }
    }

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

    public var fuel: Double? { Self.sum(days.map(\.fuel)) }
    public var lodging: Double? { Self.sum(days.map(\.lodging)) }
    public var tolls: Double? { Self.sum(days.map(\.tolls)) }
    public var other: Double? { Self.sum(days.map(\.other)) }
    public var tollsUnknown: Bool { days.contains(where: \.tollsUnknown) }
    public var total: Double? { Self.sum([fuel, lodging, tolls, other]) }
    public var perTraveller: Double? { total.map { $0 / Double(max(1, travellers)) } }

    /// Whether a toll's currency (ISO 4217) is the one the costs are in: its code, or its symbol ("€").
    static func same(_ toll: String?, _ currency: String) -> Bool {
        guard let toll else { return true }
        return toll.uppercased() == currency.uppercased() || CostText.symbol(of: toll) == currency
    }

    private static func sum(_ values: [Double?]) -> Double? {
        let known = values.compactMap { $0 }
        return known.isEmpty ? nil : known.reduce(0, +)
    }

    /// `settings` as the trip overrides them (`Settings.applying`).
    public init(itinerary: Itinerary, trip: Trip, settings: Settings) {
        let stops = trip.waypoints
        let electric = settings.vehicle.isElectric
        let price = electric ? settings.energyPrice : settings.fuelPrice
        let consumption = FuelConsumption(settings)
        var days: [Day] = []
        days.reserveCapacity(itinerary.days.count)
        var fuelAmount = 0.0, nights = 0, tolledKm = 0.0, withoutTolls = 0
        for (index, day) in itinerary.days.enumerated() {
            var cost = Day()
            var litres = 0.0, tolls = 0.0, priced = false
            for leg in itinerary.legs[day.legs] {
                litres += consumption.amount(for: leg)
                if let km = leg.tollKm {
                    tolledKm += km
                    if km > 0, let price = leg.tollPrice, Self.same(leg.tollCurrency, settings.currency) {
                        tolls += price
                        priced = true
                    } else if km > 0 {
                        cost.tollsUnknown = true
                    }
                } else {
                    withoutTolls += 1
                }
            }
            if consumption.isKnown && day.isDriving {
                fuelAmount += litres
                if price > 0 { cost.fuel = litres * price }
            }
            if priced { cost.tolls = tolls }
            if !day.isLast && day.lastNumber == day.number, stops.indices.contains(day.endStop) {
                nights += 1
                let rate = stops[day.endStop].cost ?? settings.lodgingPerNight
                if rate > 0 || stops[day.endStop].cost != nil { cost.lodging = rate }
            }
            // A stop's own cost falls on the day it is reached; the first stop's on the first day.
            let reached = (index == 0 && !stops.isEmpty ? [0] : []) + day.legs.map { $0 + 1 }
            let extra = reached.compactMap { stops.indices.contains($0) ? stops[$0].otherCost : nil }
            if !extra.isEmpty { cost.other = extra.reduce(0, +) }
            days.append(cost)
        }
        self.days = days
        currency = settings.currency
        travellers = settings.travellers
        self.electric = electric
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

    public var isKnown: Bool { at90 > 0 }

    /// Per 100 km at `kmh`.
    public func per100km(at kmh: Double) -> Double {
        guard kmh.isFinite, kmh > 90 else { return at90 }
        return max(0, at90 + (at120 - at90) * (min(kmh, 300) - 90) / 30)
    }

    /// What a leg uses: its driven part (not the ferry) at its average speed there.
    public func amount(for leg: Itinerary.Leg) -> Double {
        let km = max(0, leg.distanceKm - leg.ferryKm), hours = max(0, leg.durationSeconds - leg.ferrySeconds) / 3600
        guard isKnown, km > 0 else { return 0 }
        return km * per100km(at: hours > 0 ? km / hours : 0) / 100
    }
}
