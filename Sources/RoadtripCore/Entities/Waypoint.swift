import Foundation

/// A stop on a trip.
public struct Waypoint: Codable, Equatable, Identifiable, Sendable {
    public private(set) var id: UUID
    /// WGS84 decimal degrees.
    public var latitude: Double
    public var longitude: Double
    /// 0…365 (`Limits.nights`).
    public var nights: Int
    /// How long a stop passed through without a night is visited, in minutes (`Limits.stayMinutes`).
    public var stayMinutes: Int
    /// The stop's text in one box its copies share: a stop copies with one retain, not six (a 500-stop trip's stops
    /// are all copied on each edit, the old ones kept for undo).
    @usableFromInline var words: Words
    // The two fields that leave padding after them come last, so that a stop has no padding inside and two copies
    // of one stop are equal bit for bit (`sameStop`).
    /// GeoNames id when the stop was picked from the gazetteer.
    public var placeId: Int?
    /// The optimiser keeps the stop at its position (`TripOptimisation`). Written only when set.
    public var pinned: Bool

    public var name: String { @inlinable get { words.text.name } set { edit { $0.name = newValue } } }
    /// First-level administrative region ("Illinois"), when known.
    public var region: String? { @inlinable get { words.text.region } set { edit { $0.region = newValue } } }
    /// ISO 3166-1 alpha-2, when known.
    public var countryCode: String? { @inlinable get { words.text.countryCode } set { edit { $0.countryCode = newValue } } }
    public var notes: String { @inlinable get { words.text.notes } set { edit { $0.notes = newValue } } }
    /// IANA time zone ("Europe/Oslo"); nil until one is known (the itinerary then finds it by position).
    public var timeZone: String? { @inlinable get { words.text.timeZone } set { edit { $0.timeZone = newValue } } }
    /// A night's lodging here, over the settings' `lodging_per_night`; nil: the settings'.
    public var cost: Double? { @inlinable get { words.text.cost } set { edit { $0.cost = newValue } } }
    /// What else the stop costs once (a ferry ticket, a park's entry); nil: nothing.
    public var otherCost: Double? { @inlinable get { words.text.otherCost } set { edit { $0.otherCost = newValue } } }
    /// What the charge planner planned here (power, energy, socket); nil: not a charge stop.
    public var charge: ChargeMark? { @inlinable get { words.text.charge } set { edit { $0.charge = newValue } } }
    /// Members a newer roadtrip wrote that this build does not know: kept and written back.
    public var unknownFields: UnknownFields { @inlinable get { words.text.unknownFields } set { edit { $0.unknownFields = newValue } } }

    /// A new box with `change` made to the text: a box is never changed, so no copy sees another's change, and its
    /// constant is read without the exclusivity checks a class's variable needs.
    private mutating func edit(_ change: (inout Text) -> Void) {
        var text = words.text
        change(&text)
        words = Words(text)
    }

    @usableFromInline final class Words: Sendable {
        @usableFromInline let text: Text

        init(_ text: Text) {
            self.text = text
        }
    }

    @usableFromInline struct Text: Sendable {
        @usableFromInline var name: String
        @usableFromInline var region: String?
        @usableFromInline var countryCode: String?
        @usableFromInline var notes: String
        @usableFromInline var timeZone: String?
        @usableFromInline var cost: Double?
        @usableFromInline var otherCost: Double?
        @usableFromInline var charge: ChargeMark?
        @usableFromInline var unknownFields = UnknownFields()
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, placeId, region, countryCode, nights, notes, timeZone
        case stayMinutes = "stay"
        case pinned, cost, otherCost, charge
    }

    /// Field by field, and inlinable: with the derived `==`, callers copied both stops out first (retaining their
    /// strings), a fifth of a reorder's time in a 500-stop trip, where every stop is compared with what it was.
    /// A field added to `Waypoint` is added here (`EntityFieldsRoundTripTests` checks each).
    @inlinable
    public static func == (a: Waypoint, b: Waypoint) -> Bool {
        a.id == b.id && a.latitude == b.latitude && a.longitude == b.longitude && a.nights == b.nights
            && a.stayMinutes == b.stayMinutes && a.pinned == b.pinned && a.placeId == b.placeId
            && (a.words === b.words || (a.name == b.name && a.region == b.region && a.countryCode == b.countryCode
                && a.notes == b.notes && a.timeZone == b.timeZone && a.cost == b.cost && a.otherCost == b.otherCost
                && a.charge == b.charge && a.unknownFields == b.unknownFields))
    }

    public init(id: UUID = UUID(), name: String, latitude: Double, longitude: Double, placeId: Int? = nil,
                region: String? = nil, countryCode: String? = nil, nights: Int = 0, notes: String = "",
                timeZone: String? = nil, stayMinutes: Int = 0, pinned: Bool = false) {
        self.id = id
        words = Words(Text(name: name, region: region, countryCode: countryCode, notes: notes, timeZone: timeZone))
        self.latitude = latitude
        self.longitude = longitude
        self.placeId = placeId
        self.nights = nights
        self.stayMinutes = stayMinutes
        self.pinned = pinned
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(UUID.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                  latitude: try c.decode(Double.self, forKey: .latitude),
                  longitude: try c.decode(Double.self, forKey: .longitude),
                  placeId: try c.decodeIfPresent(Int.self, forKey: .placeId),
                  region: try c.decodeIfPresent(String.self, forKey: .region),
                  countryCode: try c.decodeIfPresent(String.self, forKey: .countryCode),
                  nights: try c.decode(Int.self, forKey: .nights), notes: try c.decode(String.self, forKey: .notes),
                  timeZone: try c.decodeIfPresent(String.self, forKey: .timeZone),
                  stayMinutes: try c.decodeIfPresent(Int.self, forKey: .stayMinutes) ?? 0,
                  pinned: try c.decodeIfPresent(Bool.self, forKey: .pinned) ?? false)
        cost = try c.decodeIfPresent(Double.self, forKey: .cost)
        otherCost = try c.decodeIfPresent(Double.self, forKey: .otherCost)
        charge = try c.decodeIfPresent(ChargeMark.self, forKey: .charge)
    }

    /// As the trips file has it: optional fields only when set, `stay` only when not 0, `pinned` only when true.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
        try c.encodeIfPresent(placeId, forKey: .placeId)
        try c.encodeIfPresent(region, forKey: .region)
        try c.encodeIfPresent(countryCode, forKey: .countryCode)
        try c.encode(nights, forKey: .nights)
        try c.encode(notes, forKey: .notes)
        try c.encodeIfPresent(timeZone, forKey: .timeZone)
        if stayMinutes != 0 { try c.encode(stayMinutes, forKey: .stayMinutes) }
        if pinned { try c.encode(true, forKey: .pinned) }
        try c.encodeIfPresent(cost, forKey: .cost)
        try c.encodeIfPresent(otherCost, forKey: .otherCost)
        try c.encodeIfPresent(charge, forKey: .charge)
    }

    /// The same stop under a new id (a copied trip's): every field kept, those this build does not know too.
    public func withNewID() -> Waypoint {
        var copy = self
        copy.id = UUID()
        return copy
    }

    /// The stop moved to `place`: its name, position, place id, region, country and time zone (`groundTimeZone`, where
    /// GeoNames' may disagree) become the place's; what the user gave the stop (its id, nights, notes, stay, pin,
    /// fields this build does not know) stays. A charge mark goes: it was the charger's, not the new place's.
    public func placed(at place: Place) -> Waypoint {
        var copy = self
        copy.name = place.name
        copy.latitude = place.latitude
        copy.longitude = place.longitude
        copy.placeId = place.id == 0 ? nil : place.id
        copy.region = place.admin1
        copy.countryCode = place.countryCode.isEmpty ? nil : place.countryCode
        let zone = place.groundTimeZone
        copy.timeZone = zone.isEmpty ? nil : zone
        copy.charge = nil
        return copy
    }

    /// Checks every rule and returns the waypoint with its name trimmed. Throws `ValidationError`.
    public func validated() throws -> Waypoint {
        var copy = self
        copy.name = try Limits.checkedName(name, field: "Stop name")
        _ = try Coordinate(latitude: latitude, longitude: longitude)
        try Limits.checkNights(nights)
        try Limits.checkNotes(notes, field: "Stop notes")
        try Limits.checkStay(stayMinutes)
        if let timeZone { try Limits.checkTimeZone(timeZone) }
        try Limits.checkCost(cost, field: "Cost")
        try Limits.checkCost(otherCost, field: "Other cost")
        try charge?.check()
        return copy
    }
}
