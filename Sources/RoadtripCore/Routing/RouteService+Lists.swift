import Foundation

extension RouteService {
    /// The trip's distance from the legs known now (no requests, no days): for lists of many trips. With it, the
    /// longest stretch driven between two nights (driving and visits, seconds): what says whether a day could
    /// overrun past midnight (`endDate(of:longestDay:)`).
    public func distance(of trip: Trip) -> (km: Double, estimated: Bool, longestDay: Double) {
        let stops = trip.waypoints
        guard stops.count > 1 else { return (0, false, 0) }
        let settings = settings().applying(trip)
        return withEstimate(settings, for: trip.id) { estimate in
            state.lock()
            defer { state.unlock() }
            let engine = currentEngine(for: settings)
            var km = 0.0, day = 0.0, longest = 0.0
            var estimated = false
            for index in 0..<(stops.count - 1) {
                let from = stops[index].coordinate, to = stops[index + 1].coordinate
                let leg: RoutedLeg
                if let identity = engine?.identity(from: from, to: to),
                   case let .leg(known) = known.lookup(LegKey(identity: identity, from: from, to: to), from: from, to: to) {
                    leg = known
                } else {
                    leg = estimate.leg(from: from, to: to)
                    estimated = true
                }
                km += leg.distanceKm
                if index == 0 || stops[index].nights > 0 { day = 0 } else { day += Double(stops[index].stayMinutes) * 60 }
                day += max(0, leg.durationSeconds)
                longest = max(longest, day)
            }
            return (km, estimated, longest)
        }
    }

    /// The last day of a dated trip, as its itinerary has it: the nights after the start unless a day could
    /// reach past midnight (leaving at the departure time and driving `longestDay` with its rests, with six
    /// hours of clock change to spare), when the itinerary is worked out to say.
    public func endDate(of trip: Trip, longestDay: Double) -> CalendarDate? {
        guard let start = trip.startDate, !trip.waypoints.isEmpty else { return trip.startDate }
        let settings = settings().applying(trip)
        let every = settings.breakAfterHours * 3600, rest = Double(settings.breakMinutes) * 60
        let rests = every > 0 ? (longestDay / every).rounded(.up) * rest : 0
        if Double(settings.departureMinutes) * 60 + longestDay + rests < 18 * 3600 {
            return start.adding(days: trip.totalNights)
        }
        return itinerary(for: trip).endDate
    }
}
