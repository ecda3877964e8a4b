import Foundation

/// The sentences the app and the command line both say, written once.
extension TripText {
    /// "Kyoto, JP": a stop's region and country, the parts it has ("" for none).
    public static func place(of stop: Waypoint) -> String {
        [stop.region, stop.countryCode].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// "41.8500, -87.6500".
    public static func coordinates(of stop: Waypoint) -> String {
        FixedDecimal.format(stop.latitude, decimals: 4) + ", " + FixedDecimal.format(stop.longitude, decimals: 4)
    }

    /// "Chicago → Santa Monica", "Chicago" for one stop, "" for none.
    public static func route(from first: String?, to last: String?) -> String {
        guard let first else { return "" }
        guard let last else { return first }
        return "\(first) → \(last)"
    }

    /// What a typed start date was not.
    public static func notADate(_ text: String) -> String {
        "\"\(text)\" is not a date like 2027-06-12"
    }

    /// The list of a file written by a newer roadtrip whose trips could not be read.
    public static func writtenByNewer(schema version: Int) -> String {
        "This file was written by a newer roadtrip (schema \(version)); it is open read-only."
    }

    /// `Delete trip "Route 66" (12 stops)?`; `stops` as `count` writes it.
    public static func deleteQuestion(trip name: String, stops: String) -> String {
        "Delete trip \"\(name)\" (\(stops))?"
    }

    /// `Delete stop 3 "Tulsa"?` (`position` 1-based).
    public static func deleteQuestion(stop position: Int, _ name: String) -> String {
        "Delete stop \(position) \"\(name)\"?"
    }
}

extension TripText {
    /// Whether a trip's dates carry their year: without a start date (Day N), or when the trip crosses a year.
    public static func datesNeedYear(_ trip: Trip, _ itinerary: Itinerary) -> Bool {
        trip.startDate == nil || trip.startDate?.year != itinerary.endDate?.year
    }
}

extension TripText {
    /// A clause said on its own: its first letter up, a full stop ("the stops are already…" → "The stops are already….").
    public static func sentence(_ clause: String) -> String {
        clause.prefix(1).uppercased() + clause.dropFirst() + "."
    }
}
