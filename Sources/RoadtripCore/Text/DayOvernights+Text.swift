extension DayOvernights {
    /// "Day 3 (11 h 36 of driving, over 8 h)": the day and what it drives against the daily limit.
    public func heading(limitSeconds: Double) -> String {
        let over = exceedsLimit ? ", over \(TripText.duration(limitSeconds))" : ""
        return "Day \(day) (\(TripText.duration(drivingSeconds)) of driving\(over))"
    }

    /// "Day 3 (11 h 36 of driving, over 8 h): towns where it could end, best first", or why there are none:
    /// "Day 3 (2 h 10 of driving): no town along day 3's road." — the app's and `roadtrip suggest`'s words.
    public func sentence(limitSeconds: Double) -> String {
        guard let emptyReason else { return heading(limitSeconds: limitSeconds) + ": towns where it could end, best first" }
        return heading(limitSeconds: limitSeconds) + ": " + emptyReason.prefix(1).lowercased() + emptyReason.dropFirst() + "."
    }
}
