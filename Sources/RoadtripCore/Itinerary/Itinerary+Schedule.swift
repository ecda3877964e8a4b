import Foundation

extension Itinerary {
    /// The itinerary of `trip` with `legs[i]` from stop i to stop i+1 (as many as the trip has legs).
    ///
    /// Days: a stop of n nights is left n days after it is reached; a stop of 0 nights is passed through the
    /// same day. So stop i is reached on day (nights of the stops before it), leg i is driven on the day
    /// stop i+1 is reached, and the trip lasts (all nights + 1) days, the last one without a night. The clock
    /// times, breaks and stays are `Clock`'s (Itinerary+Clock.swift).
    /// `previous`, an itinerary of the same trip before a change, lends the arrivals the change did not reach.
    public init(trip: Trip, legs: [Leg], settings: Settings, reusing previous: Itinerary? = nil) {
        let stops = trip.waypoints
        precondition(legs.count == max(0, stops.count - 1), "one leg between each two stops")
        let limit = settings.dailyLimitHours * 3600
        // The day each stop is reached; saturating, so no stay can overflow the count.
        var reached: [Int] = []
        reached.reserveCapacity(stops.count)
        var nights = 0
        for stop in stops {
            reached.append(nights)
            nights = nights.saturatingAdding(stop.nights)
        }
        let clock = Clock(stops: stops, reached: reached, legs: legs, settings: settings, startDate: trip.startDate,
                          reusing: previous?.clockMemo)
        // Days: leg i is driven on the day stop i+1 is reached.
        let dayCount = stops.isEmpty ? 0 : min(nights.saturatingAdding(1), Self.dayLimit)
        var days: [Day] = []
        days.reserveCapacity(dayCount)
        var position = 0, nextLeg = 0
        var distance = 0.0, driving = 0.0
        for index in 0..<dayCount {
            let first = nextLeg
            var km = 0.0, seconds = 0.0
            while nextLeg < legs.count && reached[nextLeg + 1] == index {
                km += legs[nextLeg].distanceKm
                seconds += legs[nextLeg].durationSeconds
                nextLeg += 1
            }
            let start = position
            position = nextLeg
            let driving = first < nextLeg
            days.append(Day(number: index + 1, date: trip.startDate?.adding(days: index), startStop: start,
                            endStop: position, legs: first..<nextLeg, distanceKm: km, drivingSeconds: seconds,
                            exceedsLimit: seconds > limit, isLast: index == dayCount - 1,
                            departure: driving ? clock.arrivals[start].departure : nil,
                            arrival: driving ? clock.arrivals[position].instant : nil))
        }
        for leg in legs {
            distance += leg.distanceKm
            driving += leg.durationSeconds
        }
        self.legs = legs
        arrivals = clock.arrivals
        firstDay = clock.firstDay
        clockMemo = clock.memo
        crossesZones = Self.crossesZones(clock.arrivals)
        self.days = days
        distanceKm = distance
        drivingSeconds = driving
        self.nights = nights
        startDate = trip.startDate
        endDate = trip.endDate
        dailyLimitSeconds = limit
    }

    /// Whether the clock reads more than one offset, or changes within a day.
    private static func crossesZones(_ arrivals: [Arrival]) -> Bool {
        var offset: Int?
        for arrival in arrivals {
            if arrival.zoneShift != 0 { return true }
            for time in [arrival.local, arrival.departureLocal] {
                guard let time else { continue }
                if offset == nil { offset = time.utcOffset } else if offset != time.utcOffset { return true }
            }
        }
        return false
    }

    /// Days are listed up to this many: nights are bounded (`Limits.nights`), but a plan of more than 30 years
    /// is no plan to lay out day by day (the totals still count every night).
    static let dayLimit = 11_000
}

extension Trip {
    /// The trip's last day: the start plus every night (the start itself for a trip without stops); nil without a
    /// start date or past the calendar. The itinerary's `endDate`, and the dates the trip list shows.
    public var endDate: CalendarDate? {
        waypoints.isEmpty ? startDate : startDate?.adding(days: totalNights)
    }
}

extension Waypoint {
    /// The stop's position (validated stops always have one in range).
    public var coordinate: Coordinate {
        Coordinate(checked: latitude, longitude)
    }
}
