import Foundation

/// The fields of a trip and its stops that GPX, KML and GeoJSON have no place of their own for (start date,
/// vehicle, avoids; nights, place id, region, country, time zone, stay, pin, costs, charge), written in roadtrip's
/// own namespace by every export it reads back — a GPX extension, KML `Data` named `roadtrip:…`, a GeoJSON
/// `roadtrip` member — so that an export imports as the same trip. One table for the three writers and the three
/// readers: a field added to `Trip` or `Waypoint` joins it here (the interchange round-trip test fails until it does).
///
/// Read back, a value is held to the rules of a typed one: nights or a stay out of their range (`Limits`) or
/// not a whole number refuse the file (a stay quietly lost changes the plan); a start date, place id, region,
/// country code, time zone, vehicle, cost or charge that is not one is dropped, so the file imports as if it had
/// none; a pin is `true` or nothing. A key this build does not know (a newer roadtrip's) is ignored.
enum TripFields {
    /// The GPX extension's namespace. A newer version's (`…/gpx/2`) is read too: see `isOurs`.
    static let namespace = "https://roadtrip.invalid/gpx/1"
    /// KML `Data` names: `roadtrip:nights`.
    static let kmlPrefix = "roadtrip:"
    /// The GeoJSON member (of the collection and of each stop's properties) holding the fields.
    static let geoJSONMember = "roadtrip"

    /// Whether a namespace URI is this extension's, in any version.
    static func isOurs(namespace uri: String?) -> Bool {
        uri?.hasPrefix("https://roadtrip.invalid/gpx/") ?? false
    }

    /// A field as written: its key, its text, and whether GeoJSON writes it bare (a number, `true`), not as a string.
    struct Field: Equatable {
        let key: String
        let value: String
        var isBare = false
    }

    static func fields(of trip: Trip) -> [Field] {
        [trip.startDate.map { Field(key: "startDate", value: $0.description) },
         trip.vehicle.flatMap { vehicle in line(vehicle.json).map { Field(key: "vehicle", value: $0) } },
         trip.avoid.map { Field(key: "avoid", value: $0.map(\.rawValue).joined(separator: ",")) }].compactMap { $0 }
    }

    static func fields(of stop: Waypoint) -> [Field] {
        [Field(key: "nights", value: String(stop.nights), isBare: true),
         stop.placeId.map { Field(key: "placeId", value: String($0), isBare: true) },
         stop.region.map { Field(key: "region", value: ExportText.line($0)) },
         stop.countryCode.map { Field(key: "countryCode", value: $0) },
         stop.timeZone.map { Field(key: "timeZone", value: $0) },
         stop.stayMinutes == 0 ? nil : Field(key: "stayMinutes", value: String(stop.stayMinutes), isBare: true),
         stop.pinned ? Field(key: "pinned", value: "true", isBare: true) : nil,
         stop.cost.map { Field(key: "cost", value: TOMLValue.decimal($0), isBare: true) },
         stop.otherCost.map { Field(key: "otherCost", value: TOMLValue.decimal($0), isBare: true) },
         stop.charge.flatMap { mark in line(mark.json).map { Field(key: "charge", value: $0) } }].compactMap { $0 }
    }

    /// The trip's fields from `read` over those the format gave it.
    static func apply(_ read: [String: String], to trip: inout Trip) {
        if let text = read["startDate"], let date = CalendarDate(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            trip.startDate = date
        }
        // A vehicle or avoids that are not ones are dropped: the trip then takes the settings'.
        if let json = object(read["vehicle"]), let vehicle = TripVehicle(json: json), (try? vehicle.check()) != nil {
            trip.vehicle = vehicle
        }
        if let text = read["avoid"], let avoid = Avoid.list(text) { trip.avoid = avoid }
    }

    /// A trip's vehicle or a stop's charge as one JSON object on a line (`{"heightM":3,"kind":"campervan"}`).
    private static func line(_ json: JSONValue) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(json)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What `line` wrote, read back; nil for text that is not JSON or too long to be one of ours.
    private static func object(_ text: String?) -> JSONValue? {
        guard let text, text.utf8.count < 1_000 else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// The stop's fields from `read`. Throws `ImportError.invalidPoint` for nights or a stay out of range.
    static func apply(_ read: [String: String], to stop: inout Waypoint, what: String) throws {
        if let nights = try wholeNumber(read, "nights", what: what, check: { try Limits.checkNights($0) }) {
            stop.nights = nights
        }
        if let minutes = try wholeNumber(read, "stayMinutes", what: what, check: { try Limits.checkStay($0) }) {
            stop.stayMinutes = minutes
        }
        if let text = read["placeId"], let id = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)),
           placeIDs.contains(id) || regionPlaceIDs.contains(id) {
            stop.placeId = id
        }
        if let text = read["region"] {
            let region = ImportText.name(text)
            if !region.isEmpty, region.count <= Limits.nameLength { stop.region = region }
        }
        if let text = read["countryCode"] {
            let code = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
            if code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) { stop.countryCode = code }
        }
        if let text = read["pinned"] {
            stop.pinned = text.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
        }
        for (key, path) in [("cost", \Waypoint.cost), ("otherCost", \Waypoint.otherCost)] {
            if let text = read[key], let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)),
               (try? Limits.checkCost(value, field: key)) != nil {
                stop[keyPath: path] = value
            }
        }
        // A charge mark that is not one is dropped: the stop is then an ordinary stop with its stay.
        if let json = object(read["charge"]), let mark = ChargeMark(json: json), (try? mark.check()) != nil {
            stop.charge = mark
        }
        if let text = read["timeZone"] {
            let zone = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if (try? Limits.checkTimeZone(zone)) != nil { stop.timeZone = zone }
        }
    }

    /// The whole number under `key` ("2", or "2.0" as JSON may write it) passed by `check`; nil when absent.
    private static func wholeNumber(_ read: [String: String], _ key: String, what: String,
                                    check: (Int) throws -> Void) throws -> Int? {
        guard let text = read[key] else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let value = Int(trimmed) ?? Double(trimmed).flatMap({ Int(exactly: $0) }) else {
            throw ImportError.invalidPoint(what: what,
                                           reason: "\(key) \"\(TerminalSafe.line(String(trimmed.prefix(40))))\" is not a whole number")
        }
        do {
            try check(value)
        } catch {
            throw ImportError.invalidPoint(what: what, reason: "\(error)")
        }
        return value
    }

    /// GeoNames ids are positive and below 2^31; a place from an installed region is minus its OpenStreetMap
    /// node's id (`RegionalMatch.placeID`), whose ids are far below 2^48.
    private static let placeIDs = 1...Int(Int32.max)
    private static let regionPlaceIDs = -(1 << 48)...(-1)
}
