import Foundation

/// The entities of a trips document: a trip with its marks, its vehicle and avoids, its stops and their charge
/// marks, each member bounded and every entity rule applied as it is read.
extension DocumentReading {
    /// A trip and its marks (schema 2's `edits`).
    func trip() throws -> (Trip, TripMarks) {
        let start = json.offset
        var id: UUID?, name: String?, createdAt: Date?, updatedAt: Date?, startDate: CalendarDate?
        var notes: String?, waypoints: [Waypoint]?, marks = TripMarks(), conflicts: [EditConflict] = []
        var vehicle: TripVehicle?, avoid: [Avoid]?
        var repeatedStop: RepeatedStop?
        var unknown = UnknownFields()
        try json.object(matching: { key in
            switch key {
            case "id": id = try field(key) { try json.uuid() }
            case "name": name = try field(key) { try json.string() }
            case "createdAt": createdAt = try field(key) { try json.date() }
            case "updatedAt": updatedAt = try field(key) { try json.date() }
            case "startDate": startDate = try field(key) { try json.optionalCalendarDate() }
            case "notes": notes = try field(key) { try json.string() }
            case "waypoints": waypoints = try field(key) { try waypointList(repeated: &repeatedStop) }
            case "edits": marks = try field(key) { try tripMarks() }
            case "conflicts": conflicts = try field(key) { try self.conflicts() }
            case "vehicle": vehicle = try field(key) { try tripVehicle() }
            case "avoid": avoid = try field(key) { try avoids() }
            default: unknown.members[key.string] = try field(key) { try json.value() }
            }
        })
        var trip = Trip(id: try required(id, "id", at: start), name: try required(name, "name", at: start),
                        createdAt: try required(createdAt, "createdAt", at: start),
                        updatedAt: try required(updatedAt, "updatedAt", at: start), startDate: startDate,
                        notes: try required(notes, "notes", at: start),
                        waypoints: try required(waypoints, "waypoints", at: start))
        trip.unknownFields = unknown
        trip.conflicts = conflicts
        trip.vehicle = vehicle
        trip.avoid = avoid
        let valid = try checked(at: start) { try trip.validatedOwnFields() }
        if let order = marks.order, order.count != valid.waypoints.count || zip(order, order.dropFirst()).contains(where: { $0 > $1 }) {
            // Keys that do not follow the stops (a hand edit moved one): the file's order stands.
            marks.order = nil
        }
        if let repeated = repeatedStop {
            let stops = valid.waypoints
            let duplicate = DuplicateID(id: stops[repeated.second].id, trip: valid.name,
                                        first: stops[repeated.first].name, second: stops[repeated.second].name)
            throw JSONScanner.Failure(offset: repeated.offset, message: duplicate.description,
                                      path: ["stop \(repeated.second + 1)"])
        }
        return (valid, marks)
    }

    /// A trip's own vehicle (`TripVehicle`): an object of known members within their bounds.
    private func tripVehicle() throws -> TripVehicle {
        let start = json.offset
        guard let vehicle = TripVehicle(json: try json.value()) else {
            throw JSONScanner.Failure(offset: start, message: "vehicle must be an object of kind ("
                + VehicleKind.allCases.map(\.rawValue).joined(separator: ", ") + ") and numbers within the settings' bounds")
        }
        return vehicle
    }

    /// A trip's roads to avoid: a list of their names, sorted once read.
    private func avoids() throws -> [Avoid] {
        let start = json.offset
        guard case let .array(items) = try json.value(),
              case let avoid = items.compactMap({ $0.string.flatMap(Avoid.init(rawValue:)) }), avoid.count == items.count
        else {
            throw JSONScanner.Failure(offset: start, message: "avoid must be a list of "
                + Avoid.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return Array(Set(avoid)).sorted()
    }

    /// A stop with the id of an earlier stop of its trip: refused once the trip's name is known for the message.
    private struct RepeatedStop {
        let first: Int
        let second: Int
        /// Where the second stop starts.
        let offset: Int
    }

    /// The stops, each checked against the entity rules as it is read; `repeated` is the first whose id an
    /// earlier one has.
    private func waypointList(repeated: inout RepeatedStop?) throws -> [Waypoint] {
        var waypoints: [Waypoint] = []
        var indexByID: [UUID: Int] = [:]
        repeated = nil
        try json.array { index in
            let start = json.offset
            let stop = try within("stop \(index + 1)") {
                let waypoint = try waypoint()
                return try checked(at: start) { try waypoint.validated() }
            }
            if repeated == nil, let first = earlierStop(with: stop.id, in: waypoints, indexByID: &indexByID) {
                repeated = RepeatedStop(first: first, second: index, offset: start)
            }
            waypoints.append(stop)
        }
        return waypoints
    }

    /// The index of the first of `stops` with `id`. Most trips have a few dozen stops, where comparing ids is
    /// cheaper than hashing them; `indexByID` indexes longer lists, a stop at a time.
    private func earlierStop(with id: UUID, in stops: [Waypoint], indexByID: inout [UUID: Int]) -> Int? {
        let shortList = 32
        guard stops.count >= shortList else { return stops.firstIndex { $0.id == id } }
        if indexByID.isEmpty {
            for (index, stop) in stops.enumerated().reversed() { indexByID[stop.id] = index }
        }
        if let first = indexByID[id] { return first }
        indexByID[id] = stops.count
        return nil
    }

    func waypoint() throws -> Waypoint {
        let start = json.offset
        var id: UUID?, name: String?, latitude: Double?, longitude: Double?, placeId: Int?
        var region: String?, countryCode: String?, nights: Int?, notes: String?, timeZone: String?, stay = 0
        var pinned = false, cost: Double?, otherCost: Double?, charge: ChargeMark?
        var unknown = UnknownFields()
        try json.object(matching: { key in
            switch key {
            case "id": id = try field(key) { try json.uuid() }
            case "name": name = try field(key) { try json.string() }
            case "latitude": latitude = try field(key) { try json.double() }
            case "longitude": longitude = try field(key) { try json.double() }
            case "placeId": placeId = try field(key) { try json.optionalInt() }
            case "region": region = try field(key) { try json.optionalString() }
            case "countryCode": countryCode = try field(key) { try json.optionalString() }
            case "nights": nights = try field(key) { try json.int() }
            case "notes": notes = try field(key) { try json.string() }
            case "timeZone": timeZone = try field(key) { try json.optionalString() }
            case "stay": stay = try field(key) { try json.int() }
            case "pinned": pinned = try field(key) { try json.bool() }
            case "cost": cost = try field(key) { try json.double() }
            case "otherCost": otherCost = try field(key) { try json.double() }
            case "charge": charge = try field(key) { try chargeMark() }
            default: unknown.members[key.string] = try field(key) { try json.value() }
            }
        })
        var stop = Waypoint(id: try required(id, "id", at: start), name: try required(name, "name", at: start),
                        latitude: try required(latitude, "latitude", at: start),
                        longitude: try required(longitude, "longitude", at: start), placeId: placeId,
                        region: region, countryCode: countryCode, nights: try required(nights, "nights", at: start),
                        notes: try required(notes, "notes", at: start), timeZone: timeZone, stayMinutes: stay,
                        pinned: pinned)
        if cost != nil { stop.cost = cost }
        if otherCost != nil { stop.otherCost = otherCost }
        if charge != nil { stop.charge = charge }
        stop.unknownFields = unknown
        return stop
    }

    /// A stop's charge mark (`ChargeMark`); its bounds are the stop's rules (`Waypoint.validated`).
    private func chargeMark() throws -> ChargeMark {
        let start = json.offset
        guard let mark = ChargeMark(json: try json.value()) else {
            throw JSONScanner.Failure(offset: start, message: ChargeMark.shape)
        }
        return mark
    }
}
