import Foundation
import RoadtripCore

/// A trip's map as a screen hands it to `TripMapRenderer`: the stops and legs, the unit of the scale bar, and the
/// base map and towns (read when drawn: they may finish loading after this was made).
///
/// The revisions stand for the stops and the legs: the presenter bumps them when it loads the trip again, so
/// the view knows whether its drawn layers still hold by comparing two numbers, not 500 stops and their roads.
public struct TripMapContent {
    public let tripID: Trip.ID
    public let stops: [Waypoint]
    public let itinerary: Itinerary?
    public let unit: DistanceUnit
    /// Bumped whenever `stops` may have changed.
    public let stopsRevision: Int
    /// Bumped whenever the legs may have changed (new answers from the routing engine), and with `stopsRevision`.
    public let legsRevision: Int
    /// A router is still answering: the map may keep the legs it drew (see `TripMapRenderer.model`).
    public let routing: Bool
    /// nil until loaded (the route and the stops draw without it).
    public let baseMap: () -> BaseMap?
    /// The gazetteer's towns; nil until loaded, or when place search is off.
    public let towns: () -> TownIndex?

    public init(tripID: Trip.ID, stops: [Waypoint], itinerary: Itinerary?, unit: DistanceUnit, stopsRevision: Int,
                legsRevision: Int, routing: Bool = false, baseMap: @escaping () -> BaseMap? = { nil },
                towns: @escaping () -> TownIndex? = { nil }) {
        self.tripID = tripID
        self.stops = stops
        self.itinerary = itinerary
        self.unit = unit
        self.stopsRevision = stopsRevision
        self.legsRevision = legsRevision
        self.routing = routing
        self.baseMap = baseMap
        self.towns = towns
    }
}
