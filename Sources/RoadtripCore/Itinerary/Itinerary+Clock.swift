import Foundation

extension Itinerary {
    /// The clock of a trip (the API is listed at the top of ZoneClock.swift). Each driving day leaves its first
    /// stop at the `departure` setting on that stop's wall clock; a leg arrives after its driving, plus a
    /// `break_minutes` rest for each `break_after_hours` of driving without one (the EU drivers' rule: a rest
    /// falls inside the leg, so arriving exactly at the limit needs none); a stop passed through without a night
    /// is left after its stay, and a stay at least as long as a break counts as one. A night resets the count.
    struct Clock {
        let arrivals: [Arrival]
        let firstDay: Int

        init(stops: [Waypoint], reached: [Int], legs: [Leg], settings: Settings, startDate: CalendarDate?) {
            let dated = startDate != nil
            firstDay = startDate?.dayNumber ?? ZoneClock.referenceDay.dayNumber
            let breakEvery = settings.breakAfterHours * 3600
            let breakSeconds = Double(settings.breakMinutes) * 60
            let breaksOn = breakEvery > 0 && breakSeconds > 0
            var clocks: [ZoneClock] = []
            clocks.reserveCapacity(stops.count)
            for stop in stops {
                let zone = StopZones.zone(of: stop)
                // Consecutive stops mostly share a zone: its clock is made once.
                clocks.append(clocks.last?.timeZone == zone ? clocks[clocks.count - 1] : ZoneClock(zone, dated: dated))
            }
            var arrivals: [Arrival] = []
            arrivals.reserveCapacity(stops.count)
            // The exact time the car leaves the last stop (rounded only when shown), the stop the day left from,
            // and the driving since the last rest.
            var leaving: Double?
            var dayStart = 0
            var sinceRest = 0.0
            for (index, stop) in stops.enumerated() {
                let clock = clocks[index]
                var arrival: Double?
                var breaks = 0
                if index > 0 {
                    let driving = legs[index - 1].durationSeconds
                    if breaksOn {
                        let total = sinceRest + max(driving, 0)
                        // Rests inside the leg: one at each full stretch that driving goes on past.
                        breaks = max(0, Int(saturating: (total / breakEvery).rounded(.up)) - 1)
                        sinceRest = total - Double(breaks) * breakEvery
                    }
                    arrival = leaving.map { $0 + driving + Double(breaks) * breakSeconds }.flatMap(Self.inCalendar)
                }
                let last = index == stops.count - 1
                let passedThrough = index > 0 && stop.nights == 0
                let stay = passedThrough && !last ? stop.stayMinutes : 0
                if last {
                    leaving = nil
                } else if passedThrough {
                    leaving = arrival.map { $0 + Double(stay) * 60 }
                    if breaksOn, Double(stay) * 60 >= breakSeconds { sinceRest = 0 }
                } else {
                    let day = firstDay.saturatingAdding(reached[index].saturatingAdding(stop.nights))
                    leaving = Self.inCalendar(clock.instant(day: day, minutes: settings.departureMinutes)
                        .timeIntervalSince1970)
                    sinceRest = 0
                }
                let arrived = arrival.map(Self.minute)
                let left = leaving.map(Self.minute)
                var shift = 0
                if let arrived, clocks[dayStart].timeZone != clock.timeZone {
                    shift = clock.offset(at: arrived) - clocks[dayStart].offset(at: arrived)
                }
                arrivals.append(Arrival(
                    dayIndex: reached[index], date: startDate?.adding(days: reached[index]), timeZone: clock.timeZone,
                    instant: arrived, local: arrived.map(clock.local), zoneShift: shift, breaks: breaks,
                    breakMinutes: breaks.saturatingMultiplied(by: settings.breakMinutes), stayMinutes: stay,
                    departure: left, departureLocal: left.map(clock.local)))
                // A day's shift is against its first stop: a stop reached the day before is the next day's start.
                if !passedThrough { dayStart = index }
            }
            self.arrivals = arrivals
        }

        /// Instants a calendar holds (years 1 to 9999); nil for one past them, or not a number (an absurd leg).
        private static func inCalendar(_ seconds: Double) -> Double? {
            (-62_135_596_800.0...253_402_300_799.0).contains(seconds) ? seconds : nil
        }

        private static func minute(_ seconds: Double) -> Date {
            Date(timeIntervalSince1970: (seconds / 60).rounded() * 60)
        }
    }
}

extension Int {
    fileprivate func saturatingMultiplied(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }
}
