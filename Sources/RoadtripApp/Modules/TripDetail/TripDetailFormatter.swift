import RoadtripCore

/// The trip screen's text, from a trip, its itinerary and the unit: the stop rows (reused when what they show
/// did not change: a reorder in a 500-stop trip formats two rows and the legs around them), the header and the
/// selected stop's preview. Pure: no store, no router, no terminal.
struct TripDetailFormatter {
    private(set) var rows: [TripDetailViewModel.Row] = []
    private(set) var header: TripHeader?
    private(set) var itinerary: Itinerary?
    private(set) var unit = DistanceUnit.km
    /// Whether dates carry their year: only when the trip crosses one (the summary's dates give it).
    private var datesWithYear = true
    /// Whether times carry their zone: only when the trip crosses zones.
    private var zones = false
    /// Which legs end in the dark, worked out for the rows drawn.
    let daylight = TripDaylight()
    /// What the rows were made from: the stops and the itinerary as they were, held (their arrays are shared with
    /// the trip and the route service, never copied) and compared with the new ones where a row reads them.
    private var madeFrom: (stops: [Waypoint], itinerary: Itinerary)?

    /// `settings`: the app's (the trip's vehicle is applied here).
    mutating func format(_ trip: Trip, _ itinerary: Itinerary, unit: DistanceUnit, access: StoreAccess, routing: Bool,
                         spans: [RegionSpan] = [], settings: Settings = Settings()) {
        let withYear = TripText.datesNeedYear(trip, itinerary)
        let withZones = itinerary.crossesZones
        if unit != self.unit || withYear != datesWithYear || withZones != zones { (rows, madeFrom) = ([], nil) }
        let stops = trip.waypoints
        let kept = madeFrom.map { Self.unchangedRows(was: $0, is: (stops, itinerary), count: rows.count) } ?? []
        var newRows: [TripDetailViewModel.Row] = []
        newRows.reserveCapacity(stops.count)
        for index in stops.indices {
            let reuse = index < kept.count ? kept[index] : .none
            if reuse == .all {
                newRows.append(rows[index])
                continue
            }
            let arrival = itinerary.arrivals[index]
            let clock = (arrival: ScreenClock.arrival(itinerary, index, start: trip.startDate, year: withYear),
                         shift: ClockText.shift(arrival.zoneShift) ?? "",
                         zone: withZones ? (arrival.local ?? arrival.departureLocal).map { ClockText.zone(offset: $0.utcOffset) } ?? ""
                             : "")
            if reuse == .stopAndLeg {
                // Moving a stop shifts the clock of every stop after it: their names, places and legs read the same.
                newRows.append(rows[index].arriving(clock.arrival, shift: clock.shift, zone: clock.zone))
                continue
            }
            let stop = stops[index]
            let leg = index > 0 ? itinerary.legs[index - 1] : nil
            newRows.append(.init(
                id: stop.id, number: String(index + 1), name: stop.name, place: TripText.place(of: stop),
                leg: leg.map { TripText.leg($0, unit) } ?? "",
                nights: stop.nights == 0 ? "" : TripText.count(stop.nights, "night"),
                arrival: clock.arrival, shift: clock.shift, zone: clock.zone,
                hasNotes: !stop.notes.isEmpty, pinned: stop.pinned, legFellBack: leg?.note != nil))
        }
        rows = newRows
        madeFrom = (stops, itinerary)
        let tripSettings = settings.applying(trip)
        header = TripHeader.of(trip, itinerary, unit, access: access, routing: routing, spans: spans,
                               settings: tripSettings,
                               cost: TripCost(itinerary: itinerary, trip: trip, settings: tripSettings))
        self.itinerary = itinerary
        self.unit = unit
        datesWithYear = withYear
        zones = withZones
        daylight.follow(trip, itinerary)
    }

    /// What of a row can be kept: nothing, its stop and the leg reaching it, or all of it.
    private enum Reuse {
        case none, stopAndLeg, all
    }

    /// What each of the first `count` rows can keep: its stop and the leg reaching it (its figures, source, note and
    /// marks) when they read the same in both, and all of it when its arrival's day, date, clock and clock change do
    /// too (the first stop's zone is its departure's). The stops are compared where they lie, not copied out one by one.
    private static func unchangedRows(was old: (stops: [Waypoint], itinerary: Itinerary),
                                      is new: (stops: [Waypoint], itinerary: Itinerary), count: Int) -> [Reuse] {
        let count = min(count, old.stops.count, new.stops.count)
        let (oldLegs, newLegs) = (old.itinerary.legs, new.itinerary.legs)
        let (oldArrivals, newArrivals) = (old.itinerary.arrivals, new.itinerary.arrivals)
        return old.stops.withUnsafeBufferPointer { was in
            new.stops.withUnsafeBufferPointer { now in
                oldLegs.withUnsafeBufferPointer { before in
                    newLegs.withUnsafeBufferPointer { after in
                        (0..<count).map { index in
                            guard now.sameStop(index, as: was, index),
                                  index == 0 || sameText(before, after, index - 1) else { return .none }
                            let (a, b) = (oldArrivals[index], newArrivals[index])
                            return a.dayIndex == b.dayIndex && a.date == b.date && a.local == b.local
                                && a.zoneShift == b.zoneShift && (a.local != nil || a.departureLocal == b.departureLocal)
                                ? .all : .stopAndLeg
                        }
                    }
                }
            }
        }
    }

    /// Whether leg `index` reads the same in both (its figures, source, note and marks). Read where the legs lie:
    /// copying each out (its geometry, note and region retained and released) cost a 500-stop reorder 0.18 M
    /// instructions.
    private static func sameText(_ old: UnsafeBufferPointer<Itinerary.Leg>, _ new: UnsafeBufferPointer<Itinerary.Leg>,
                                 _ index: Int) -> Bool {
        old[index].distanceKm == new[index].distanceKm && old[index].durationSeconds == new[index].durationSeconds
            && old[index].source == new[index].source && old[index].note == new[index].note
            && old[index].ferrySeconds == new[index].ferrySeconds && old[index].ferryKm == new[index].ferryKm
            && old[index].seaKm == new[index].seaKm && old[index].region == new[index].region
    }

    /// Stop `index` as the preview under the stops shows it.
    func preview(of trip: Trip, at index: Int) -> TripDetailViewModel.StopPreview? {
        guard index < rows.count else { return nil }
        let stop = trip.waypoints[index], row = rows[index]
        // As the command line prints them, and as the stop form takes them pasted.
        let place = [row.place, TripText.coordinates(of: stop)].filter { !$0.isEmpty }.joined(separator: " · ")
        return .init(title: "\(row.number) \(stop.name)", place: place, stay: stay(of: trip, at: index),
                     dark: daylight.dark(reaching: index)?.hint, notes: stop.notes)
    }

    /// "Sun 13 Jun · arrive 14:35 UTC−6 (−1 h) · 1 rest · visit 1h30 · leave 16:05": the stop's day, its arrival on
    /// its clock (with its zone where the trip crosses zones, and its day's clock change), the rests on the way, the
    /// visit or the nights, and when it is left.
    private func stay(of trip: Trip, at index: Int) -> String {
        guard let itinerary else { return "" }
        let stop = trip.waypoints[index], arrival = itinerary.arrivals[index]
        var parts = [TripText.day(index: arrival.dayIndex, date: arrival.date, start: trip.startDate, year: datesWithYear)]
        if let local = arrival.local {
            let day = ScreenClock.day(local, itinerary, start: trip.startDate, year: datesWithYear)
            var arrive = "arrive " + (day == parts[0] ? "" : day + " ") + ClockText.time(local, zone: zones)
            if let shift = ClockText.shift(arrival.zoneShift) { arrive += " (\(shift))" }
            parts.append(arrive)
        }
        if let rests = ClockText.rests(arrival) { parts.append(rests) }
        if arrival.stayMinutes > 0 { parts.append("visit " + StayDuration.format(arrival.stayMinutes)) }
        if stop.nights > 0 {
            parts.append(TripText.count(stop.nights, "night"))
        } else if arrival.stayMinutes == 0 {
            parts.append("passing through")
        }
        // A stop passed through without a visit is left as it is reached.
        if let leave = arrival.departureLocal, leave != arrival.local {
            let day = ScreenClock.day(leave, itinerary, start: trip.startDate, year: datesWithYear)
            let sameDay = arrival.local.map { $0.day == leave.day } ?? (stop.nights == 0)
            parts.append("leave " + (sameDay ? "" : day + " ") + ClockText.time(leave, zone: zones))
        }
        return parts.joined(separator: " · ")
    }
}
