import Foundation

/// An electric trip's charging planned day by day (`ChargePlanner` on each driving day's corridor of chargers):
/// the charge stops inserted as stops (their `stay` the time at the charger, their `charge` mark what they add),
/// what the battery holds on arriving at and leaving every stop, and, where no plan exists, the gap and what
/// would close it. Stops an earlier plan inserted are planned again, not kept beside the new ones.
public struct TripCharging: Sendable {
    public struct Charge: Equatable, Sendable {
        public let day: Int
        /// Its index in `after`.
        public let position: Int
        public let name: String
        public let osmID: String
        public let coordinate: Coordinate
        /// The power it charges at, averaged over the charge (the station's socket and the car's curve), kW.
        public let kw: Double
        /// The station's socket power (the car's onboard charger's on AC), kW, and whether it was untagged.
        public let socketKW: Double
        public let socket: SocketKind
        public let isAssumed: Bool
        public let arriveSoC: Int
        public let departSoC: Int
        public let kWh: Double
        /// The time at the charger: charging and the stop's overhead, whole minutes (the stop's `stay`).
        public let minutes: Int
        public let detourKm: Double
    }

    /// What the battery holds at one stop of `after`; nil where a gap leaves it unknown.
    public struct StopCharge: Equatable, Sendable {
        public let position: Int
        public let arriveSoC: Int?
        public let departSoC: Int?
        /// A night here charges to the limit (a charger within 1 km).
        public let chargesOvernight: Bool
    }

    public struct Gap: Equatable, Sendable {
        public let day: Int
        /// The stop (index in `after`) whose leg it lies on.
        public let afterStop: Int
        public let fromKm: Double
        public let runsOutKm: Double
        public let toKm: Double
        public let toEnd: Bool
        public let shortKm: Double
        public let shortPercent: Int
        /// Where the reserve is reached, on the day's road (or straight line).
        public let coordinate: Coordinate?
        /// What would close it, as sentences.
        public let fixes: [String]
    }

    /// Chargers near the roads the plan could not use.
    public struct Unused: Equatable, Sendable {
        public var incompatible = 0
        public var isPrivate = 0
        /// Charging POIs without sockets known: a region built before sockets were read, or a bicycle's.
        public var unknown = 0
    }

    public let before: Trip
    public let after: Trip
    public let charges: [Charge]
    public let stops: [StopCharge]
    public let gaps: [Gap]
    public let unused: Unused
    /// What each planned day's corridor followed: the road, the straight line (no road data), or both.
    public let bases: [(day: Int, basis: DayBasis)]
    public let battery: EVBattery

    public var feasible: Bool { gaps.isEmpty }
    public var changesTrip: Bool { after.waypoints != before.waypoints }

    /// A charger this far from a night's stop charges the car overnight.
    public static let overnightKm = 1.0

    /// Plans `trip`'s charging (only day `day`'s when given, 1-based), reading itineraries from `itinerary`.
    public static func plan(_ trip: Trip, battery: EVBattery, finder: AlongFinder, chargers: any ChargerLookup,
                            itinerary: (Trip) -> Itinerary, day: Int? = nil) -> TripCharging {
        var base = trip
        if let day {
            let days = itinerary(trip).days
            if let planned = days.first(where: { $0.number == day }) {
                base.waypoints = trip.waypoints.enumerated().filter { index, stop in
                    stop.charge == nil || index <= planned.startStop || index >= planned.endStop
                }.map(\.element)
            }
        } else {
            base.waypoints = trip.waypoints.filter { $0.charge == nil }
        }
        let plan = itinerary(base)
        var planner = DayByDay(trip: base, itinerary: plan, battery: battery, finder: finder, chargers: chargers)
        planner.run(only: day)
        return planner.result(before: trip)
    }
}
