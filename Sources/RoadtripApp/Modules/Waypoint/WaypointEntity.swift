import RoadtripCore

/// The stop form's fields, in screen order.
public enum WaypointField: Int, CaseIterable {
    case name, latitude, longitude, nights, stay, notes

    public var label: String {
        switch self {
        case .name: return "Name"
        case .latitude: return "Latitude"
        case .longitude: return "Longitude"
        case .nights: return "Nights"
        case .stay: return "Stay"
        case .notes: return "Notes"
        }
    }
}

/// What the user has typed, field by field, before it becomes a `Waypoint`.
public struct WaypointDraft: Equatable {
    public var texts: [WaypointField: String]

    public init(_ waypoint: Waypoint?) {
        texts = [
            .name: waypoint?.name ?? "",
            .latitude: waypoint.map { WaypointDraft.degrees($0.latitude) } ?? "",
            .longitude: waypoint.map { WaypointDraft.degrees($0.longitude) } ?? "",
            .nights: waypoint.map { String($0.nights) } ?? "0",
            .stay: StayDuration.format(waypoint?.stayMinutes ?? 0),
            .notes: waypoint?.notes ?? "",
        ]
    }

    public subscript(field: WaypointField) -> String {
        get { texts[field] ?? "" }
        set { texts[field] = newValue }
    }

    /// Shortest text that reads back as the same number ("41.85003", "-87.65"), always in plain decimals:
    /// the parser refuses exponents, which Swift writes below 1e-4 ("1e-05").
    static func degrees(_ value: Double) -> String {
        var text = String(value == 0 ? 0 : value)
        if text.contains("e") {
            text = String(format: "%.12f", value)
            while text.hasSuffix("0") { text.removeLast() }
        }
        if text.hasSuffix(".0") { text.removeLast(2) }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// Per-field reasons a draft cannot be saved yet.
public typealias WaypointErrors = [WaypointField: String]
