import RoadtripCore

/// The trip a screen shows and follows, read again after every change made here or elsewhere; the selected
/// stop kept by id; and the revisions the map redraws by (see `TripMapContent`). Shared by the trip screen and
/// the full-screen map.
struct WatchedTrip {
    private(set) var trip: Trip?
    var selectedID: Waypoint.ID?
    private(set) var stopsRevision = 0
    private(set) var legsRevision = 0

    init(selected: Waypoint.ID? = nil) {
        selectedID = selected
    }

    var selectedIndex: Int? { trip?.waypoints.firstIndex { $0.id == selectedID } }

    /// Reads the trip again (its legs may have changed too); false when it is gone (deleted elsewhere, or not in
    /// a file read again). The selection falls on the first stop when its stop is gone.
    mutating func reload(_ load: () -> Trip?) -> Bool {
        let before = trip?.waypoints
        trip = load()
        guard let trip else { return false }
        if trip.waypoints != before { stopsRevision += 1 }
        legsRevision += 1
        if selectedIndex == nil { selectedID = trip.waypoints.first?.id }
        return true
    }

    /// What the map draws of the trip.
    func mapContent(_ itinerary: Itinerary?, unit: DistanceUnit, routing: Bool, baseMap: BaseMapLoader?,
                    places: PlaceIndexLoader?) -> TripMapContent? {
        guard let trip else { return nil }
        return TripMapContent(tripID: trip.id, stops: trip.waypoints, itinerary: itinerary, unit: unit,
                              stopsRevision: stopsRevision, legsRevision: legsRevision, routing: routing,
                              baseMap: { [baseMap] in baseMap?.map }, towns: { [places] in places?.index?.towns })
    }
}
