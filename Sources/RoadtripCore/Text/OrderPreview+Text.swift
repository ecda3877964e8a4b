/// The optimise preview's words, the app's and `roadtrip optimise`'s.
extension OrderPreview {
    /// "a new order saves 5 h 10 of driving (proven best)"
    public var saving: String { "a new order saves \(TripText.duration(savedSeconds)) of driving (\(proof))" }

    /// The totals' columns: "", "DISTANCE", "DRIVING", "DAYS", "OVER 8 H".
    public var totalsHeader: [String] {
        ["", "DISTANCE", "DRIVING", "DAYS", "OVER \(TripText.duration(before.dailyLimitSeconds).uppercased())"]
    }

    /// A totals row in the header's order: "before", "1 234 km", "20 h 10", "3", "1".
    public static func totalsRow(_ label: String, _ totals: Totals, _ unit: DistanceUnit) -> [String] {
        [label, TripText.distance(totals.distanceKm, unit, estimated: totals.estimated),
         TripText.duration(totals.drivingSeconds), String(totals.days), String(totals.daysOverLimit)]
    }

    /// A stop in the new order: "Tulsa", "Tulsa  (pinned)" for one pinned in its place.
    public static func name(of stop: Waypoint) -> String {
        stop.name + (stop.pinned ? "  (pinned)" : "")
    }

    /// Said when the old order is kept.
    public static let unchanged = "The order is unchanged."
}

extension TripOrderSearch {
    /// Why `trip` has no stop that may move (fewer than three, or two with `freeEnd`): "\"Line\" has 2 stops:
    /// nothing to reorder between its first and last"; nil when it has one.
    public static func nothingToReorder(_ trip: Trip, freeEnd: Bool = false) -> String? {
        guard trip.waypoints.count <= 2, !(freeEnd && trip.waypoints.count > 1) else { return nil }
        return "\"\(trip.name)\" has \(TripText.count(trip.waypoints.count, "stop")): nothing to reorder between its first and last"
    }
}
