import RoadtripCore

/// What the full-screen map tells the screen that opened it.
public protocol TripMapModuleOutput: AnyObject {
    /// Another stop was selected on the map (`n`/`p`, a click): back on the trip screen, the cursor is on it.
    func tripMap(didSelect stop: Waypoint.ID)
}
