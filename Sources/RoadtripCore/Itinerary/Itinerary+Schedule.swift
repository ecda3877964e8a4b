import Foundation

extension Itinerary {
    /// The itinerary of `trip` with `legs[i]` from stop i to stop i+1 (as many as the trip has legs).
    ///
    /// Days: a stop of n nights is left n days after it is reached; a stop of 0 nights is passed through the
    /// same day. A night starts on the date its stop is reached, so a drive that overruns past midnight spends
    /// the days it takes on the road (`Day.isOnTheRoad`) and moves every later day; the trip lasts from the first
    /// day to the last stop's day plus its nights. The clock times, breaks, stays and days are `Clock`'s
    /// (Itinerary+Clock.swift).
    /// `previous`, an itinerary of the same trip before a change, lends the arrivals the change did not reach.
    public init(trip: Trip, legs: [Leg], settings: Settings, reusing previous: Itinerary? = nil) {
        let stops = trip.waypoints
        precondition(legs.count == max(0, stops.count - 1), "one leg between each two stops")
        let limit = settings.dailyLimitHours * 3600
        let clock = Clock(stops: stops, legs: legs, settings: settings, startDate: trip.startDate,
                          reusing: previous?.clockMemo)
        let reached = clock.arrivals.map(\.dayIndex)
        let dayCount = stops.isEmpty ? 0 : clock.lastDay.saturatingAdding(1)
        let listed = min(dayCount, Self.dayLimit)
        var days: [Day] = []
        days.reserveCapacity(listed)
        // `position`: the stop the car is at (or heading for, on the road) at the end of the day.
        var position = 0, nextLeg = 0, driveStart = 0
        // The first stop reached past what a calendar holds (dated trips): days from there have no date.
        let beyond = trip.startDate == nil ? nil : clock.arrivals.indices.dropFirst().first { clock.arrivals[$0].instant == nil }
        // Each day's date is the day after the one before: `adding(days:)` went through a day number for every day.
        var date = trip.startDate
        for index in 0..<listed {
            defer { date = date?.next }
            let first = nextLeg
            var km = 0.0, seconds = 0.0
            while nextLeg < legs.count && clock.legDays[nextLeg] == index {
                km += legs[nextLeg].distanceKm
                seconds += legs[nextLeg].durationSeconds
                nextLeg += 1
            }
            let driving = first < nextLeg
            if driving {
                driveStart = position
                position = nextLeg
            }
            let onTheRoad = !driving && position > 0 && reached[position] >= index
                && index > clock.legDays[position - 1]
            let start = driving || onTheRoad ? driveStart : position
            // A drive that never arrives within the calendar ends on the road; its later days are past it.
            let unreached = beyond.map { position >= $0 } ?? false
            let past = beyond.map { start >= $0 } ?? false
            days.append(Day(number: index + 1, date: past ? nil : date, startStop: start,
                            endStop: position, legs: first..<nextLeg, distanceKm: km, drivingSeconds: seconds,
                            exceedsLimit: seconds > limit, isLast: index == dayCount - 1,
                            departure: driving ? clock.arrivals[start].departure : nil,
                            arrival: driving ? clock.arrivals[position].instant : nil,
                            lastNumber: unreached && !past ? .max
                                : driving || onTheRoad ? reached[position].saturatingAdding(1) : index + 1,
                            isOnTheRoad: onTheRoad))
        }
        var distance = 0.0, driving = 0.0
        // By index: a leg copied out retains and releases its shape, note and region.
        for index in legs.indices {
            distance += legs[index].distanceKm
            driving += legs[index].durationSeconds
        }
        self.legs = legs
        arrivals = clock.arrivals
        firstDay = clock.firstDay
        clockMemo = clock.memo
        crossesZones = Self.crossesZones(clock.arrivals)
        self.days = days
        self.dayCount = dayCount
        distanceKm = distance
        drivingSeconds = driving
        nights = trip.totalNights
        startDate = trip.startDate
        // A stop reached past the calendar ends the trip there too ("after 9999").
        endDate = stops.isEmpty ? trip.startDate : beyond != nil ? nil : trip.startDate?.adding(days: clock.lastDay)
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

extension Waypoint {
    /// The stop's position (validated stops always have one in range).
    public var coordinate: Coordinate {
        Coordinate(checked: latitude, longitude)
    }
}
