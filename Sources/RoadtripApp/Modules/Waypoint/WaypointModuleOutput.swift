import RoadtripCore

/// How the stop form hands its result back to the screen that opened it. Held weakly by the form.
public protocol WaypointModuleOutput: AnyObject {
    /// The user saved a valid stop (a new one, or an edited copy with the same id). Returns an error message
    /// to keep the form open (the save failed), or nil to close it.
    func waypointModule(didSave waypoint: Waypoint) -> String?
}
