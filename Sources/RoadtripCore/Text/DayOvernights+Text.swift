extension DayOvernights {
    /// "Day 3 (11 h 36 of driving, over 8 h)": the day and what it drives against the daily limit.
    public func heading(limitSeconds: Double) -> String {
        let over = exceedsLimit ? ", over \(TripText.duration(limitSeconds))" : ""
        return "Day \(day) (\(TripText.duration(drivingSeconds)) of driving\(over))"
    }

    /// The app's and `roadtrip suggest`'s words: on the road "Day 3 (11 h 36 of driving, over 8 h): towns where it
    /// could end, best first"; without road data "Day 1 (16 h 55 of driving, over 8 h) on the straight line (no
    /// road data): towns within 250 km of it where it could end, best first"; or why there are none: "Day 1 (…):
    /// no town within 250 km of the straight line — without road data roadtrip cannot see the road."
    public func sentence(limitSeconds: Double, unit: DistanceUnit) -> String {
        guard let reason = emptyReason(unit) else {
            let found = ": towns where it could end, best first"
            switch corridor.basis {
            case .road: return heading(limitSeconds: limitSeconds) + found
            case .straightLine:
                return heading(limitSeconds: limitSeconds) + " on the straight line (no road data): towns within "
                    + corridor.straightLineWidth(unit) + " of it where it could end, best first"
            case .mixed:
                return heading(limitSeconds: limitSeconds) + ", partly on the straight line (no road data): towns within "
                    + corridor.widths(unit, of: "the") + " where it could end, best first"
            }
        }
        return heading(limitSeconds: limitSeconds) + ": " + reason.prefix(1).lowercased() + reason.dropFirst() + "."
    }

    /// Why there is nothing to offer, or nil when there is. Never a road that was not seen: without road data the
    /// answer is about the straight line.
    public func emptyReason(_ unit: DistanceUnit) -> String? {
        guard candidates.isEmpty else { return nil }
        if isRestDay { return "No driving on day \(day)" }
        if corridor.basis == .road { return "No town along day \(day)'s road" }
        return "No town within \(corridor.widths(unit, of: "the")) — \(OvernightCorridor.unseenRoad)"
    }

    /// Where the roads the answer lacks come from: "To see the roads: roadtrip region which Outback"; nil when the
    /// day has all its roads.
    public func roadHint(_ trip: Trip) -> String? {
        corridor.basis == .road || isRestDay ? nil : Self.roadHint(trip)
    }

    static func roadHint(_ trip: Trip) -> String { "To see the roads: roadtrip region which \(ShellWord.trip(trip))" }
}

extension OvernightCorridor {
    /// Why a town may be missing: the road it would be on is unknown.
    static let unseenRoad = "without road data roadtrip cannot see the road"

    /// "250 km", or "up to 250 km" when the legs on the straight line have corridors of several widths.
    func straightLineWidth(_ unit: DistanceUnit) -> String {
        guard let range = straightLineKm else { return "" }
        return (range.lowerBound < range.upperBound ? "up to " : "") + unit.format(km: range.upperBound)
    }

    /// "250 km of the straight line", "20 km of its road or 250 km of its straight line" (`owner`: "the", "its").
    func widths(_ unit: DistanceUnit, of owner: String) -> String {
        let road = roadKm.map { "\(unit.format(km: $0)) of \(owner) road" }
        let line = straightLineKm.map { _ in "\(straightLineWidth(unit)) of \(owner) straight line" }
        return [road, line].compactMap { $0 }.joined(separator: " or ")
    }
}
