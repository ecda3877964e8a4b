import Foundation

/// What the range check could see: the gaps on the days it checked, and the legs it could not check, with why.
/// Stations are known only inside an installed region: a leg outside one is never called safe by silence.
public struct FuelCheck: Equatable, Sendable {
    /// Why a leg's stations are not known.
    public enum Reason: String, Equatable, Sendable {
        /// No region is installed (or none could be read).
        case noRegion = "no region is installed"
        /// No one installed region holds both its stops.
        case outsideRegions = "no installed region holds both its stops"
    }

    /// A leg the check could not judge, on its day.
    public struct Unchecked: Equatable, Sendable {
        public let day: Int
        /// The leg's first stop (0-based, `Itinerary.Leg.from`).
        public let leg: Int
        public let reason: Reason

        public init(day: Int, leg: Int, reason: Reason) {
            self.day = day
            self.leg = leg
            self.reason = reason
        }
    }

    public let gaps: [FuelGap]
    /// Every leg of a day that could not be checked (the whole day is then unchecked: a gap may run through it).
    public let unchecked: [Unchecked]
    /// What the gaps stand for: fuel, or charging for an electric vehicle.
    public let station: POICategory

    public init(gaps: [FuelGap], unchecked: [Unchecked], station: POICategory) {
        self.gaps = gaps
        self.unchecked = unchecked
        self.station = station
    }

    /// The days whose stations are unknown.
    public var uncheckedDays: [Int] {
        Array(Set(unchecked.map(\.day))).sorted()
    }

    /// "fuel not checked: no installed region holds both stops of leg 1–2": one day's, for the days view.
    public func dayText(_ day: Int) -> String? {
        let legs = unchecked.filter { $0.day == day }
        guard let reason = legs.first?.reason else { return nil }
        let what = station == .charge ? "charging" : "fuel"
        return reason == .noRegion
            ? "\(what) not checked: \(reason.rawValue)"
            : "\(what) not checked: no installed region holds both stops of \(Self.legList(legs.map(\.leg)))"
    }

    /// "Fuel not checked on days 1–2 (legs 1–2, 2–3): no region is installed": the trip's, for `show`. Nil when
    /// every day was checked.
    public var tripText: String? {
        guard let reason = unchecked.first?.reason else { return nil }
        let what = station == .charge ? "Charging" : "Fuel"
        let days = uncheckedDays
        let dayList = days.count == 1 ? "day \(days[0])" : "days " + days.map(String.init).joined(separator: ", ")
        let why = reason == .noRegion ? reason.rawValue : "no installed region holds both their stops"
        return "\(what) not checked on \(dayList) (\(Self.legList(unchecked.map(\.leg)))): \(why)"
    }

    /// "leg 1–2", "legs 1–2, 4–5" (stops numbered from 1).
    static func legList(_ legs: [Int]) -> String {
        (legs.count == 1 ? "leg " : "legs ") + legs.map { "\($0 + 1)–\($0 + 2)" }.joined(separator: ", ")
    }
}
