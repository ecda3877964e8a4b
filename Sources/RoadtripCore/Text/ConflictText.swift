import Foundation

/// A conflict in words, for the trip screen, `show` and `show --json`: which field of which stop, the value kept and
/// the one that was on the other machine.
public struct ConflictText: Equatable, Sendable {
    /// "nights of stop 2 (Oslo)", "the trip's notes"; "a deleted stop's nights" for a stop no longer in the trip.
    public let field: String
    /// The stop's position (from 1) when it is in the trip.
    public let position: Int?
    public let kept: String
    public let other: String
    /// When the other value was made, "2027-06-01 10:15 UTC".
    public let when: String

    public init(_ conflict: EditConflict, in trip: Trip) {
        // From a file: a field name this build does not know is shown safe to print, as every text here.
        let name = Self.fieldNames[conflict.field] ?? TerminalSafe.line(conflict.field)
        let index = conflict.stop.flatMap { id in trip.waypoints.firstIndex { $0.id == id } }
        position = index.map { $0 + 1 }
        if let index {
            field = "\(name) of stop \(index + 1) (\(TerminalSafe.line(trip.waypoints[index].name)))"
            kept = MergeFields.stop(named: conflict.field).map { Self.text($0.value(trip.waypoints[index])) } ?? "?"
        } else if conflict.stop != nil {
            field = "a deleted stop's \(name)"
            kept = "deleted"
        } else {
            field = "the trip's \(name)"
            kept = MergeFields.trip(named: conflict.field).map { Self.text($0.value(trip)) } ?? "?"
        }
        other = Self.text(conflict.value)
        let stamp = EditStamp(conflict.stamp)
        when = stamp.map { Self.minute($0) } ?? "?"
    }

    /// "nights of stop 2 (Oslo): 3 kept, 2 was on the other machine (2027-06-01 10:15 UTC)".
    public var line: String { "\(field): \(kept) kept, \(other) was on the other machine (\(when))" }

    private static let fieldNames = [
        "startDate": "start date", "placeId": "place", "countryCode": "country", "timeZone": "time zone",
        "stay": "stay (minutes)", "unknown": "fields of a newer roadtrip",
    ]

    /// A value as a person reads it: text in quotes, "none" for nothing, a position as two coordinates.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "none"
        case let .bool(flag): return flag ? "yes" : "no"
        case let .number(text): return text
        case let .string(text): return "\"\(TerminalSafe.line(text))\""
        case let .array(elements): return elements.map(text).joined(separator: ", ")
        case let .object(members): return members.isEmpty ? "none" : "\(members.count) fields"
        }
    }

    private static func minute(_ stamp: EditStamp) -> String {
        let text = stamp.description
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
    }
}
