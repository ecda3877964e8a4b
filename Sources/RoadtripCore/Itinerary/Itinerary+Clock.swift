import Foundation

extension Itinerary {
    /// The clock of a trip (the API is listed at the top of ZoneClock.swift). Each driving day leaves its first
    /// stop at the `departure` setting on that stop's wall clock; a leg arrives after its driving, plus a
    /// `break_minutes` rest for each `break_after_hours` of driving without one (the EU drivers' rule: a rest
    /// falls inside the leg, so arriving exactly at the limit needs none); a stop passed through without a night
    /// is left after its stay, and a stay at least as long as a break counts as one. A night resets the count.
    ///
    /// The days follow the clock: a night starts on the date its stop is reached there, and a stop of n nights
    /// is left n days later. So a drive that overruns past midnight moves its night, and every day after it, to
    /// the dates they really are: no time is ever before the one it follows.
    struct Clock {
        let arrivals: [Arrival]
        let firstDay: Int
        /// The day (from the first, 0) each leg is driven on: the day its start stop was left.
        let legDays: [Int]
        /// The day the trip ends: the last stop's day plus its nights (0 without stops).
        let lastDay: Int
        /// What each arrival was worked out from, kept so the next itinerary of the trip reuses what did not change.
        let memo: Memo

        /// What the stops before a stop leave it: the exact time the car leaves the last stop (rounded only when
        /// shown), the driving since the last rest, and the clock of the stop the day left from.
        struct Carried: Equatable, Sendable {
            var leaving: Double?
            var sinceRest = 0.0
            var dayStart: ZoneClock?
            /// The day the car left the last night's stop on: the day of the legs until the next night.
            var day = 0
        }

        /// The settings and dates every arrival depends on.
        struct Rules: Equatable, Sendable {
            let startDate: CalendarDate?
            let departureMinutes: Int
            let breakEvery: Double
            let breakSeconds: Double
            let breakMinutes: Int
        }

        /// A clock's workings: what it was worked out from, the state each stop was reached in (`carried[i]`, one
        /// more for the state after the last), each stop's zone clock and arrival. A stop whose own input (position,
        /// zone, nights, stay, leg time, being last) and state are as before has the arrival it had: moving a
        /// stop in a 500-stop trip works out the stops up to the next night again, not the whole trip (a night
        /// resets the clock to the day's departure).
        struct Memo: Sendable {
            var rules: Rules?
            var stops: [Waypoint] = []
            var legs: [Leg] = []
            var carried: [Carried] = []
            var clocks: [ZoneClock] = []
            var arrivals: [Arrival] = []

            /// Whether stop `index` has the same input in `other`.
            func sameInput(_ index: Int, as other: Memo) -> Bool {
                guard index < other.stops.count else { return false }
                let new = stops.count, old = other.stops.count
                return (index == new - 1) == (index == old - 1)
                    && stops[index].latitude == other.stops[index].latitude
                    && stops[index].longitude == other.stops[index].longitude
                    && stops[index].nights == other.stops[index].nights
                    && stops[index].stayMinutes == other.stops[index].stayMinutes
                    && (stops[index].words === other.stops[index].words || stops[index].timeZone == other.stops[index].timeZone)
                    && (index == 0 || legs[index - 1].durationSeconds == other.legs[index - 1].durationSeconds)
            }
        }

        init(stops: [Waypoint], legs: [Leg], settings: Settings, startDate: CalendarDate?,
             reusing previous: Memo? = nil) {
            let dated = startDate != nil
            firstDay = startDate?.dayNumber ?? ZoneClock.referenceDay.dayNumber
            let rules = Rules(startDate: startDate, departureMinutes: settings.departureMinutes,
                              breakEvery: settings.breakAfterHours * 3600, breakSeconds: Double(settings.breakMinutes) * 60,
                              breakMinutes: settings.breakMinutes)
            let old = previous?.rules == rules ? previous : nil
            let breaksOn = rules.breakEvery > 0 && rules.breakSeconds > 0
            var memo = Memo(rules: rules, stops: stops, legs: legs)
            memo.carried.reserveCapacity(stops.count + 1)
            memo.clocks.reserveCapacity(stops.count)
            memo.arrivals.reserveCapacity(stops.count)
            var state = Carried()
            var index = 0
            while index < stops.count {
                if let old, memo.sameInput(index, as: old), old.carried[index] == state {
                    // The stops from here on with the inputs they had are reached as they were.
                    var end = index + 1
                    while end < stops.count, memo.sameInput(end, as: old) { end += 1 }
                    memo.carried += old.carried[index..<end]
                    memo.clocks += old.clocks[index..<end]
                    memo.arrivals += old.arrivals[index..<end]
                    state = old.carried[end]
                    index = end
                    continue
                }
                defer { index += 1 }
                let stop = stops[index], last = index == stops.count - 1
                memo.carried.append(state)
                let zone = StopZones.zone(of: stop)
                // Consecutive stops mostly share a zone: its clock is made once.
                let clock = memo.clocks.last?.timeZone == zone ? memo.clocks[index - 1] : ZoneClock(zone, dated: dated)
                memo.clocks.append(clock)
                var arrival: Double?
                var breaks = 0
                if index > 0 {
                    let driving = legs[index - 1].durationSeconds
                    if breaksOn {
                        let total = state.sinceRest + max(driving, 0)
                        // Rests inside the leg: one at each full stretch that driving goes on past.
                        breaks = max(0, Int(saturating: (total / rules.breakEvery).rounded(.up)) - 1)
                        state.sinceRest = total - Double(breaks) * rules.breakEvery
                    }
                    arrival = state.leaving.map { $0 + driving + Double(breaks) * rules.breakSeconds }.flatMap(Self.inCalendar)
                }
                let passedThrough = index > 0 && stop.nights == 0
                let stay = passedThrough && !last ? stop.stayMinutes : 0
                let arrived = arrival.map(Self.minute)
                // A night (or the trip's end) falls on the date the stop is reached, never before the day's start.
                var day = state.day
                if let arrived, !passedThrough || last {
                    day = max(day, clock.local(arrived).day - firstDay)
                }
                // Past what a calendar holds, every later time is too (a stop is never left before it is reached).
                let beyond = index > 0 && arrival == nil
                if last || beyond {
                    state.leaving = nil
                    if !last && !passedThrough { state.day = day.saturatingAdding(stop.nights) }
                } else if passedThrough {
                    state.leaving = arrival.map { $0 + Double(stay) * 60 }
                    if breaksOn, Double(stay) * 60 >= rules.breakSeconds { state.sinceRest = 0 }
                } else {
                    state.day = day.saturatingAdding(stop.nights)
                    state.leaving = Self.inCalendar(clock.instant(day: firstDay.saturatingAdding(state.day),
                                                                  minutes: rules.departureMinutes).timeIntervalSince1970)
                    state.sinceRest = 0
                }
                let left = state.leaving.map(Self.minute)
                var shift = 0
                if let arrived, let dayStart = state.dayStart, dayStart.zone !== clock.zone {
                    shift = clock.offset(at: arrived) - dayStart.offset(at: arrived)
                }
                memo.arrivals.append(Arrival(
                    dayIndex: day, date: beyond ? nil : startDate?.adding(days: day), zone: clock.zone,
                    instant: arrived, local: arrived.map(clock.local), zoneShift: shift, breaks: breaks,
                    breakMinutes: breaks.saturatingMultiplied(by: rules.breakMinutes), stayMinutes: stay,
                    departure: left, departureLocal: left.map(clock.local)))
                // A day's shift is against its first stop: a stop reached the day before is the next day's start.
                if !passedThrough { state.dayStart = clock }
            }
            memo.carried.append(state)
            arrivals = memo.arrivals
            // Leg i leaves stop i on the day carried to stop i + 1.
            legDays = memo.carried.dropFirst().prefix(legs.count).map(\.day)
            let final = memo.arrivals.last
            lastDay = final.map { $0.dayIndex.saturatingAdding(stops[stops.count - 1].nights) } ?? 0
            self.memo = memo
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
