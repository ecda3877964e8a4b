/// Where the charge planner finds a charger's sockets: the installed regions' chargers (`ChargerIndex`).
public protocol ChargerLookup: Sendable {
    /// The charger of a region's point of interest, by its OpenStreetMap id ("n123").
    func charger(osmID: String) -> Charger?
    /// The nearest charger that is not private and that `accepts` within `km` of a point: for a night's stop.
    func nearest(latitude: Double, longitude: Double, withinKm km: Double, accepting accepts: (Charger) -> Bool) -> Charger?
}
