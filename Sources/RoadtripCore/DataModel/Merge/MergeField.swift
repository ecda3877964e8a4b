import Foundation

/// One field of a trip or a stop as a merge sees it: its name in the file's stamps, whether two versions agree, how
/// to take one version's value, and the value as JSON (for a conflict, and to take a conflict's value back).
/// A field added to `Trip` or `Waypoint` that users edit is added here (`MergeFieldTests` checks each is).
struct MergeField<Entity>: Sendable {
    let name: String
    let same: @Sendable (Entity, Entity) -> Bool
    let take: @Sendable (inout Entity, Entity) -> Void
    let value: @Sendable (Entity) -> JSONValue
    /// Sets the field from a JSON value; false when the value is not one the field can hold.
    let set: @Sendable (inout Entity, JSONValue) -> Bool

    init<Value: Equatable>(_ name: String, _ path: WritableKeyPath<Entity, Value> & Sendable,
                           json: @escaping @Sendable (Value) -> JSONValue,
                           from: @escaping @Sendable (JSONValue) -> Value?) {
        self.name = name
        same = { $0[keyPath: path] == $1[keyPath: path] }
        take = { $0[keyPath: path] = $1[keyPath: path] }
        value = { json($0[keyPath: path]) }
        set = { entity, value in
            guard let decoded = from(value) else { return false }
            entity[keyPath: path] = decoded
            return true
        }
    }
}

enum MergeFields {
    static let trip: [MergeField<Trip>] = [
        MergeField("name", \.name, json: JSONValue.string, from: \.string),
        MergeField("startDate", \.startDate, json: { $0.map { .string($0.description) } ?? .null },
                   from: { value in value == .null ? .some(nil) : value.string.flatMap(CalendarDate.init).map { $0 } }),
        MergeField("notes", \.notes, json: JSONValue.string, from: \.string),
        MergeField("vehicle", \.vehicle, json: { $0?.json ?? .null },
                   from: { value in value == .null ? .some(nil) : TripVehicle(json: value).map { $0 } }),
        MergeField("avoid", \.avoid, json: { $0.map { .array($0.map { .string($0.rawValue) }) } ?? .null },
                   from: { value in
                       if value == .null { return .some(nil) }
                       guard case let .array(items) = value else { return nil }
                       let avoid = items.compactMap { $0.string.flatMap(Avoid.init(rawValue:)) }
                       return avoid.count == items.count ? .some(Array(Set(avoid)).sorted()) : nil
                   }),
        MergeField("unknown", \.unknownFields, json: { .object($0.members) }, from: \.unknownFields),
    ]

    static let stop: [MergeField<Waypoint>] = [
        MergeField("name", \.name, json: JSONValue.string, from: \.string),
        MergeField("position", \.position, json: { .array([.number("\($0.latitude)"), .number("\($0.longitude)")]) },
                   from: { value in
                       guard case let .array(pair) = value, pair.count == 2, let latitude = pair[0].double,
                             let longitude = pair[1].double else { return nil }
                       return StopPosition(latitude: latitude, longitude: longitude)
                   }),
        MergeField("placeId", \.placeId, json: { $0.map { .number(String($0)) } ?? .null }, from: \.optionalInt),
        MergeField("region", \.region, json: { $0.map(JSONValue.string) ?? .null }, from: \.optionalString),
        MergeField("countryCode", \.countryCode, json: { $0.map(JSONValue.string) ?? .null }, from: \.optionalString),
        MergeField("nights", \.nights, json: { .number(String($0)) }, from: \.int),
        MergeField("notes", \.notes, json: JSONValue.string, from: \.string),
        MergeField("timeZone", \.timeZone, json: { $0.map(JSONValue.string) ?? .null }, from: \.optionalString),
        MergeField("stay", \.stayMinutes, json: { .number(String($0)) }, from: \.int),
        MergeField("pinned", \.pinned, json: JSONValue.bool, from: \.bool),
        MergeField("cost", \.cost, json: { $0.map { .number(TOMLValue.decimal($0)) } ?? .null }, from: \.optionalDouble),
        MergeField("otherCost", \.otherCost, json: { $0.map { .number(TOMLValue.decimal($0)) } ?? .null },
                   from: \.optionalDouble),
        MergeField("charge", \.charge, json: { $0?.json ?? .null }, from: { value in
            if value == .null { return .some(nil) }
            guard let mark = ChargeMark(json: value), (try? mark.check()) != nil else { return nil }
            return .some(mark)
        }),
        MergeField("unknown", \.unknownFields, json: { .object($0.members) }, from: \.unknownFields),
    ]

    static func trip(named name: String) -> MergeField<Trip>? { trip.first { $0.name == name } }
    static func stop(named name: String) -> MergeField<Waypoint>? { stop.first { $0.name == name } }
}

/// A stop's latitude and longitude, merged as one field: half of a move is never kept.
struct StopPosition: Equatable {
    var latitude: Double
    var longitude: Double
}

extension Waypoint {
    var position: StopPosition {
        get { StopPosition(latitude: latitude, longitude: longitude) }
        set { (latitude, longitude) = (newValue.latitude, newValue.longitude) }
    }
}

extension JSONValue {
    var string: String? { if case let .string(text) = self { return text } else { return nil } }
    var optionalString: String?? { self == .null ? .some(nil) : string.map { $0 } }
    var bool: Bool? { if case let .bool(flag) = self { return flag } else { return nil } }
    var double: Double? { if case let .number(text) = self { return Double(text).flatMap { $0.isFinite ? $0 : nil } } else { return nil } }
    var int: Int? { if case let .number(text) = self { return Int(text) } else { return nil } }
    var optionalDouble: Double?? { self == .null ? .some(nil) : double.map { $0 } }
    var optionalInt: Int?? { self == .null ? .some(nil) : int.map { $0 } }
    var unknownFields: UnknownFields? {
        guard case let .object(members) = self else { return nil }
        var fields = UnknownFields()
        fields.members = members
        return fields
    }
}
