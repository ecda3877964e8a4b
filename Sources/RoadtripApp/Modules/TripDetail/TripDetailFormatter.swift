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
    /// What row i was made from.
    private var sources: [RowSource] = []

    /// Everything a stop's row depends on.
    private struct RowSource: Equatable {
        let stop: Waypoint
        let legKm: Double?
        let legSeconds: Double?
        let legSource: LegSource?
        let legNote: String?
        let dayIndex: Int
        let date: CalendarDate?
    }

    mutating func format(_ trip: Trip, _ itinerary: Itinerary, unit: DistanceUnit, access: StoreAccess, routing: Bool) {
        let withYear = TripText.datesNeedYear(trip, itinerary)
        if unit != self.unit || withYear != datesWithYear { (rows, sources) = ([], []) }
        var newRows: [TripDetailViewModel.Row] = [], newSources: [RowSource] = []
        newRows.reserveCapacity(trip.waypoints.count)
        newSources.reserveCapacity(trip.waypoints.count)
        for (index, stop) in trip.waypoints.enumerated() {
            let leg = index > 0 ? itinerary.legs[index - 1] : nil
            let arrival = itinerary.arrivals[index]
            let source = RowSource(stop: stop, legKm: leg?.distanceKm, legSeconds: leg?.durationSeconds,
                                   legSource: leg?.source, legNote: leg?.note, dayIndex: arrival.dayIndex,
                                   date: arrival.date)
            newSources.append(source)
            if index < sources.count, sources[index] == source {
                newRows.append(rows[index])
                continue
            }
            newRows.append(.init(
                id: stop.id, number: String(index + 1), name: stop.name, place: TripText.place(of: stop),
                leg: leg.map { TripText.leg($0, unit) } ?? "",
                nights: stop.nights == 0 ? "" : TripText.count(stop.nights, "night"),
                arrival: TripText.day(index: arrival.dayIndex, date: arrival.date, start: trip.startDate, year: withYear),
                hasNotes: !stop.notes.isEmpty, legFellBack: leg?.note != nil))
        }
        (rows, sources) = (newRows, newSources)
        header = TripHeader.of(trip, itinerary, unit, access: access, routing: routing)
        self.itinerary = itinerary
        self.unit = unit
        datesWithYear = withYear
    }

    /// Stop `index` as the preview under the stops shows it.
    func preview(of trip: Trip, at index: Int) -> TripDetailViewModel.StopPreview? {
        guard index < rows.count else { return nil }
        let stop = trip.waypoints[index], row = rows[index]
        // As the command line prints them, and as the stop form takes them pasted.
        let place = [row.place, TripText.coordinates(of: stop)].filter { !$0.isEmpty }.joined(separator: " · ")
        let stay = stop.nights == 0 ? "passing through" : row.nights
        return .init(title: "\(row.number) \(stop.name)", place: place, stay: "\(row.arrival) · \(stay)",
                     notes: stop.notes)
    }
}
