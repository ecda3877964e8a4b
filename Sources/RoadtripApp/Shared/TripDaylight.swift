import Foundation
import RoadtripCore

/// The sun along the trip on screen, worked out for the rows drawn and kept until the trip or its itinerary
/// changes: a key press draws from what is kept, and a 500-stop trip's sunsets are never all computed at once.
/// Nothing for an undated trip (no season, no sunset). The trip screen and the days view each keep one.
final class TripDaylight: Equatable {
    /// A leg that ends in the dark, as the screens say it.
    struct Dark: Equatable {
        /// It left in daylight: the dark fell on the way.
        let drivesIntoDark: Bool
        /// "arrives 1 h 10 after dark (dusk 20:58)", "drives into the dark, arrives 40 min after dusk (20:58)",
        /// "arrives in the polar night".
        let text: String
        /// As a day's plan says it: "arrives 1 h 10 after dark", "arrives before dawn".
        let short: String
        /// The text with what to do about it.
        var hint: String { text + ": " + Self.advice }
        /// The short text with what to do about it.
        var shortHint: String { short + ": " + Self.advice }
        static let advice = "leave earlier or split the day"
    }

    private var stops: [Waypoint] = []
    private var itinerary: Itinerary?
    private var daylight: ItineraryDaylight?
    private var zones = false
    /// By the index of the stop a leg reaches; by day index.
    private var darkLegs: [Int: Dark?] = [:]
    private var sunsets: [Int: String] = [:]

    /// Whether there is a season to tell sunsets by (a start date, and a leg to drive).
    var isDated: Bool { daylight != nil }
    /// Whether a stop lies where the sun may stay up or down all day (beyond 60°): a sunset may then read
    /// "midnight sun".
    private(set) var nearPoles = false

    /// Shows `trip` with `itinerary` from now on; what was kept goes when what it was worked out from changed (a
    /// key that moves a stop changes the arrivals up to the next night, and the rows drawn keep the rest).
    func follow(_ trip: Trip, _ itinerary: Itinerary) {
        guard itinerary != self.itinerary || trip.waypoints != stops else { return }
        let (oldStops, old, wasDated) = (stops, self.itinerary, isDated)
        stops = trip.waypoints
        self.itinerary = itinerary
        daylight = trip.startDate == nil || stops.count < 2 ? nil : ItineraryDaylight(trip: trip, itinerary: itinerary)
        nearPoles = stops.contains { abs($0.latitude) > 60 }
        guard let old, isDated, wasDated, zones == itinerary.crossesZones else {
            zones = itinerary.crossesZones
            darkLegs = [:]
            sunsets = [:]
            return
        }
        // A stop's sun depends on where it is, its zone (`StopZones`: the stop's own, else its place's) and when it
        // is reached and left. Compared where they lie, field by field: comparing whole arrivals (their zones) for
        // the 500 rows a trip screen keeps cost a reorder 0.1 ms.
        let (newStops, oldArrivals, newArrivals) = (stops, old.arrivals, itinerary.arrivals)
        let (oldDays, newDays) = (old.days, itinerary.days)
        let count = min(oldStops.count, newStops.count, oldArrivals.count, newArrivals.count)
        oldStops.withUnsafeBufferPointer { was in newStops.withUnsafeBufferPointer { now in
            oldArrivals.withUnsafeBufferPointer { before in newArrivals.withUnsafeBufferPointer { after in
                func same(_ index: Int) -> Bool {
                    guard index >= 0, index < count else { return false }
                    return was[index].coordinate == now[index].coordinate && was[index].timeZone == now[index].timeZone
                        && before[index].instant == after[index].instant && before[index].departure == after[index].departure
                        && before[index].date == after[index].date
                }
                // What changed is removed in place: filtering made both dictionaries again, every entry hashed anew,
                // 0.1 M instructions a reorder once a 500-stop trip's rows had all been drawn.
                for index in darkLegs.keys.filter({ !(same($0 - 1) && same($0)) }) { darkLegs[index] = nil }
                for index in sunsets.keys.filter({ index in
                    !(index < oldDays.count && index < newDays.count && oldDays[index] == newDays[index]
                        && same(newDays[index].endStop))
                }) { sunsets[index] = nil }
            } }
        } }
    }

    /// How the leg that reaches stop `index` ends in the dark; nil when it does not (or cannot be told).
    func dark(reaching index: Int) -> Dark? {
        if let known = darkLegs[index] { return known }
        let dark = computeDark(reaching: index)
        darkLegs[index] = dark
        return dark
    }

    /// The last leg of day `index` that ends in the dark, as `dark(reaching:)` says it.
    func dark(ofDay index: Int) -> Dark? {
        guard let day = itinerary?.days[safe: index], day.isDriving else { return nil }
        return day.legs.reversed().lazy.compactMap { self.dark(reaching: $0 + 1) }.first
    }

    /// The sun at day `index`'s night stop: "20:31" (its sunset on its clock), "midnight sun", "polar night"; empty
    /// for an undated trip, the last day (no night there) and a day that ends on the road.
    func sunset(ofDay index: Int) -> String {
        if let known = sunsets[index] { return known }
        var text = ""
        if let daylight, let itinerary, let day = itinerary.days[safe: index], !day.isLast, !day.overruns,
           let date = day.date {
            switch daylight.daylight(at: day.endStop, on: date) {
            case let .day(_, sunset, _): text = clock(itinerary, day.endStop).local(sunset).clock
            case .midnightSun: text = "midnight sun"
            case .polarNight: text = "polar night"
            }
        }
        sunsets[index] = text
        return text
    }

    private func computeDark(reaching index: Int) -> Dark? {
        guard index > 0, let daylight, let itinerary, let light = daylight.light(ofLeg: index - 1),
              light.arrivesAfterDark, let arrived = itinerary.arrivals[index].instant else { return nil }
        let what: String
        switch daylight.daylight(at: index) {
        case let .day(sunrise, _, dusk)?:
            if let dusk, arrived > dusk {
                let late = TripText.duration(arrived.timeIntervalSince(dusk))
                let duskClock = ClockText.time(clock(itinerary, index).local(dusk), zone: zones)
                return Dark(drivesIntoDark: light.drivesIntoDark, text: light.drivesIntoDark
                    ? "drives into the dark, arrives \(late) after dusk (\(duskClock))"
                    : "arrives \(late) after dark (dusk \(duskClock))", short: "arrives \(late) after dark")
            }
            // Past midnight, before the next day's light.
            what = arrived < sunrise ? "arrives before dawn" : "arrives in the dark"
        case .polarNight?:
            what = "arrives in the polar night"
        case .midnightSun?, nil:
            what = "arrives in the dark"
        }
        return Dark(drivesIntoDark: light.drivesIntoDark, text: (light.drivesIntoDark ? "drives into the dark, " : "") + what,
                    short: what)
    }

    private func clock(_ itinerary: Itinerary, _ index: Int) -> ZoneClock {
        ZoneClock(itinerary.arrivals[index].timeZone, dated: true)
    }

    static func == (a: TripDaylight, b: TripDaylight) -> Bool { a === b }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
