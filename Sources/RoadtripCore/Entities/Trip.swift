import Foundation

/// A planned journey: an ordered list of stops.
public struct Trip: Codable, Equatable, Identifiable, Sendable {
    // Each change takes a new revision (see `TripRevision`).
    public private(set) var id: UUID { didSet { revision = .next() } }
    public var name: String { didSet { revision = .next() } }
    public private(set) var createdAt: Date { didSet { revision = .next() } }
    public var updatedAt: Date { didSet { revision = .next() } }
    public var startDate: CalendarDate? { didSet { revision = .next() } }
    public var notes: String { didSet { revision = .next() } }
    public var waypoints: [Waypoint] { didSet { revision = .next() } }
    /// Members a newer roadtrip wrote that this build does not know: kept and written back.
    public var unknownFields = UnknownFields() { didSet { revision = .next() } }
    /// Values that lost to another machine's concurrent edit of the same field, newest first (`TripMerge`).
    public var conflicts: [EditConflict] = [] { didSet { revision = .next() } }
    /// The trip's own vehicle over the settings' (`TripVehicle`); nil: the settings'.
    public var vehicle: TripVehicle? { didSet { revision = .next() } }
    /// The roads this trip keeps off, sorted; nil: the settings' `avoid` (an empty list avoids nothing).
    public var avoid: [Avoid]? { didSet { revision = .next() } }
    /// Which version of the trip this value is; a trip made or read takes a new one.
    public private(set) var revision = TripRevision.next()

    private enum CodingKeys: String, CodingKey {
        case id, name, createdAt, updatedAt, startDate, notes, waypoints, conflicts, vehicle, avoid
    }

    public init(id: UUID = UUID(), name: String, createdAt: Date = .wholeSecondNow, updatedAt: Date? = nil,
                startDate: CalendarDate? = nil, notes: String = "", waypoints: [Waypoint] = []) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.startDate = startDate
        self.notes = notes
        self.waypoints = waypoints
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(UUID.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                  createdAt: try c.decode(Date.self, forKey: .createdAt),
                  updatedAt: try c.decode(Date.self, forKey: .updatedAt),
                  startDate: try c.decodeIfPresent(CalendarDate.self, forKey: .startDate),
                  notes: try c.decode(String.self, forKey: .notes),
                  waypoints: try c.decode([Waypoint].self, forKey: .waypoints))
        conflicts = try c.decodeIfPresent([EditConflict].self, forKey: .conflicts) ?? []
        if let json = try c.decodeIfPresent(JSONValue.self, forKey: .vehicle) {
            guard let vehicle = TripVehicle(json: json) else {
                throw DecodingError.dataCorruptedError(forKey: .vehicle, in: c, debugDescription: "not a vehicle")
            }
            self.vehicle = vehicle
        }
        avoid = try c.decodeIfPresent([Avoid].self, forKey: .avoid).map { Array(Set($0)).sorted() }
    }

    /// As the trips file has it: `startDate`, `vehicle` and `avoid` when set, `conflicts` when there are any.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(startDate, forKey: .startDate)
        try c.encode(notes, forKey: .notes)
        try c.encode(waypoints, forKey: .waypoints)
        if !conflicts.isEmpty { try c.encode(conflicts, forKey: .conflicts) }
        if let vehicle { try c.encode(vehicle.json, forKey: .vehicle) }
        try c.encodeIfPresent(avoid, forKey: .avoid)
    }

    /// A copy under a new id and `name`, created now, each stop under a new id: every other field kept, those
    /// this build does not know too.
    public func copy(named name: String) -> Trip {
        var copy = self
        copy.id = UUID()
        copy.name = name
        copy.createdAt = .wholeSecondNow
        copy.updatedAt = copy.createdAt
        copy.waypoints = waypoints.map { $0.withNewID() }
        copy.conflicts = []
        return copy
    }

    /// Checks every rule (the trip's and each stop's) and returns the trip with names trimmed. A stop equal to the
    /// one at its position in `previous` (this trip before a change, valid) is kept as it is: moving a stop in a
    /// 500-stop trip checks the stops it moved, not all of them.
    public func validated(knowing previous: Trip? = nil) throws -> Trip {
        var copy = try validatedOwnFields()
        let known = previous?.waypoints ?? []
        let changed = known.withUnsafeBufferPointer { was in
            waypoints.withUnsafeBufferPointer { now in now.indices.filter { $0 >= was.count || !now.sameStop($0, as: was, $0) } }
        }
        // A valid stop comes back as it was, so the stops are copied only when one is tidied. Written after the
        // loop, behind an `if`: a write inside the loop had the optimiser make the stops unique before it,
        // copying all 500 on every move.
        var tidied: [(Int, Waypoint)] = []
        for index in changed {
            let checked = try waypoints[index].validated()
            if checked != waypoints[index] { tidied.append((index, checked)) }
        }
        if !tidied.isEmpty {
            for (index, stop) in tidied { copy.waypoints[index] = stop }
        }
        return copy
    }

    /// Checks the trip's own rules (name, notes), not its stops': for a reader that validated each stop
    /// as it read it. Returns the trip with its name trimmed.
    func validatedOwnFields() throws -> Trip {
        var copy = self
        copy.name = try Limits.checkedName(name, field: "Trip name")
        try Limits.checkNotes(notes, field: "Trip notes")
        if let vehicle { try vehicle.check() }
        return copy
    }

    /// Saturates instead of trapping: a validated trip is far from the limit (`Limits.nights`), but a sum
    /// must not be able to crash the app whatever a `Trip` holds.
    public var totalNights: Int { waypoints.reduce(0) { $0.saturatingAdding($1.nights) } }
}

extension Int {
    /// `self + other`, clamped to `Int.min…Int.max`.
    public func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}

extension Date {
    /// Now, truncated to whole seconds: the file stores ISO-8601 seconds, so what is in memory equals what
    /// a reload gives back.
    public static var wholeSecondNow: Date {
        Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }
}
