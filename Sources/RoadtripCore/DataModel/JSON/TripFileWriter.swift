import Foundation

/// Writes a trips document byte for byte as `JSONEncoder` does with `.prettyPrinted`, `.sortedKeys`,
/// `.withoutEscapingSlashes` and `.iso8601` dates, in a fraction of its time.
///
/// The keys are listed here, in sorted order. When a field is added to `Trip` or `Waypoint`, add it here
/// too: `TripFileFormatTests` compares this writer with `JSONEncoder`, and `EntityFieldsRoundTripTests` reads
/// back every stored property, and both fail until it is. Members this build does not know (`UnknownFields`)
/// are written back among the known ones, in key order.
struct TripFileWriter {
    private var out: [UInt8] = []
    private var level = 0
    private var needsComma = false

    static func encode(_ document: TripDocument) throws -> Data {
        var writer = TripFileWriter()
        let stops = document.trips.reduce(0) { $0 + $1.waypoints.count }
        writer.out.reserveCapacity(512 + document.trips.count * 512 + stops * 400)
        try writer.write(document)
        writer.out.append(Byte.newline)
        return Data(writer.out)
    }

    private mutating func write(_ document: TripDocument) throws {
        let ledger = document.ledger
        beginObject()
        if !ledger.deletedTrips.isEmpty {
            key("deletedTrips"); try array(ledger.deletedTrips) { try $0.trip($1.trip, marks: $1.marks) }
        }
        key("schemaVersion"); int(document.schemaVersion)
        if !ledger.seen.isEmpty {
            key("seen")
            stamps(ledger.seen.sorted { $0.key.value < $1.key.value }.map { ($0.key.description, $0.value) })
        }
        key("trips"); try array(document.trips) { try $0.trip($1, marks: ledger.trips[$1.id]) }
        endObject()
    }

    private mutating func trip(_ trip: Trip, marks: TripMarks?) throws {
        beginObject()
        var unknown = Self.sorted(trip.unknownFields)
        if let avoid = trip.avoid { key("avoid", after: &unknown); array(avoid) { $0.string($1.rawValue) } }
        if !trip.conflicts.isEmpty { key("conflicts", after: &unknown); conflicts(trip.conflicts) }
        key("createdAt", after: &unknown); try date(trip.createdAt)
        if let marks, !marks.isEmpty { key("edits", after: &unknown); try edits(marks) }
        key("id", after: &unknown); uuid(trip.id)
        key("name", after: &unknown); string(trip.name)
        key("notes", after: &unknown); string(trip.notes)
        if let startDate = trip.startDate { key("startDate", after: &unknown); string(startDate.description) }
        key("updatedAt", after: &unknown); try date(trip.updatedAt)
        if let vehicle = trip.vehicle { key("vehicle", after: &unknown); value(vehicle.json) }
        key("waypoints", after: &unknown); try array(trip.waypoints) { try $0.waypoint($1) }
        members(unknown)
        endObject()
    }

    private mutating func waypoint(_ stop: Waypoint) throws {
        beginObject()
        var unknown = Self.sorted(stop.unknownFields)
        if let charge = stop.charge { key("charge", after: &unknown); value(charge.json) }
        if let cost = stop.cost { key("cost", after: &unknown); try double(cost) }
        if let countryCode = stop.countryCode { key("countryCode", after: &unknown); string(countryCode) }
        key("id", after: &unknown); uuid(stop.id)
        key("latitude", after: &unknown); try double(stop.latitude)
        key("longitude", after: &unknown); try double(stop.longitude)
        key("name", after: &unknown); string(stop.name)
        key("nights", after: &unknown); int(stop.nights)
        key("notes", after: &unknown); string(stop.notes)
        if let otherCost = stop.otherCost { key("otherCost", after: &unknown); try double(otherCost) }
        if stop.pinned { key("pinned", after: &unknown); value(.bool(true)) }
        if let placeId = stop.placeId { key("placeId", after: &unknown); int(placeId) }
        if let region = stop.region { key("region", after: &unknown); string(region) }
        if stop.stayMinutes != 0 { key("stay", after: &unknown); int(stop.stayMinutes) }
        if let timeZone = stop.timeZone { key("timeZone", after: &unknown); string(timeZone) }
        members(unknown)
        endObject()
    }

    // MARK: Merge marks (schema 2)

    private mutating func edits(_ marks: TripMarks) throws {
        beginObject()
        if let deleted = marks.deleted { key("deleted"); string(deleted.description) }
        if !marks.deletedStops.isEmpty {
            key("deletedStops")
            try array(marks.deletedStops) { writer, gone in
                writer.beginObject()
                writer.key("deleted"); writer.string(gone.deleted.description)
                writer.key("order"); writer.string(gone.order.text)
                if !gone.stamps.isEmpty { writer.key("stamps"); writer.stamps(gone.stamps.sorted { $0.key < $1.key }) }
                writer.key("stop"); try writer.waypoint(gone.stop)
                writer.endObject()
            }
        }
        if let order = marks.order { key("order"); array(order) { $0.string($1.text) } }
        if !marks.stamps.isEmpty { key("stamps"); stamps(marks.stamps.sorted { $0.key < $1.key }) }
        if !marks.stopStamps.isEmpty {
            key("stops")
            beginObject()
            for (id, stamps) in marks.stopStamps.map({ ($0.key.uuidString, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                memberKey(id)
                self.stamps(stamps.sorted { $0.key < $1.key })
            }
            endObject()
        }
        endObject()
    }

    private mutating func stamps(_ stamps: [(key: String, value: EditStamp)]) {
        beginObject()
        for (name, stamp) in stamps {
            memberKey(name)
            string(stamp.description)
        }
        endObject()
    }

    private mutating func conflicts(_ conflicts: [EditConflict]) {
        array(conflicts) { writer, conflict in
            writer.beginObject()
            writer.key("field"); writer.string(conflict.field)
            writer.key("stamp"); writer.string(conflict.stamp)
            if let stop = conflict.stop { writer.key("stop"); writer.uuid(stop) }
            writer.key("value"); writer.value(conflict.value)
            writer.endObject()
        }
    }

    /// A key that is data (a field's name, an id), escaped as any string.
    private mutating func memberKey(_ name: String) {
        if needsComma { out.append(Byte.comma) }
        newline()
        string(name)
        out.append(contentsOf: [Byte.space, Byte.colon, Byte.space])
    }

    // MARK: Members this build does not know, written back among the others in key order

    private static func sorted(_ fields: UnknownFields) -> ArraySlice<(key: String, value: JSONValue)> {
        fields.isEmpty ? [] : ArraySlice(fields.members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }

    /// The unknown members that sort before `name`, then `name`.
    private mutating func key(_ name: StaticString, after unknown: inout ArraySlice<(key: String, value: JSONValue)>) {
        if let first = unknown.first, first.key < name.description {
            let end = unknown.firstIndex { $0.key >= name.description } ?? unknown.endIndex
            members(unknown[..<end])
            unknown = unknown[end...]
        }
        key(name)
    }

    private mutating func members(_ members: ArraySlice<(key: String, value: JSONValue)>) {
        for (name, value) in members {
            memberKey(name)
            self.value(value)
        }
    }

    private mutating func value(_ value: JSONValue) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8); needsComma = true
        case let .bool(flag): out.append(contentsOf: (flag ? "true" : "false").utf8); needsComma = true
        case let .number(text): out.append(contentsOf: text.utf8); needsComma = true
        case let .string(text): string(text)
        case let .array(elements): array(elements) { $0.value($1) }
        case let .object(members):
            beginObject()
            self.members(ArraySlice(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }))
            endObject()
        }
    }

    // MARK: Layout: two-space indents, `"key" : value`, empty lists as "[\n\n  ]".

    private mutating func beginObject() {
        out.append(Byte.openBrace)
        level += 1
        needsComma = false
    }

    private mutating func endObject() {
        level -= 1
        newline()
        out.append(Byte.closeBrace)
        needsComma = true
    }

    private mutating func key(_ name: StaticString) {
        if needsComma { out.append(Byte.comma) }
        newline()
        out.append(Byte.quote)
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(contentsOf: [Byte.quote, Byte.space, Byte.colon, Byte.space])
    }

    private mutating func array<T>(_ elements: [T], _ write: (inout TripFileWriter, T) throws -> Void) rethrows {
        out.append(Byte.openBracket)
        level += 1
        if elements.isEmpty { out.append(Byte.newline) }
        for (index, element) in elements.enumerated() {
            if index > 0 { out.append(Byte.comma) }
            newline()
            try write(&self, element)
        }
        level -= 1
        newline()
        out.append(Byte.closeBracket)
        needsComma = true
    }

    private mutating func newline() {
        out.append(Byte.newline)
        var indent = level * 2
        while indent > 0 {
            let run = min(indent, Self.spaces.count)
            out.append(contentsOf: Self.spaces[..<run])
            indent -= run
        }
    }

    private static let spaces = [UInt8](repeating: Byte.space, count: 32)

    // MARK: Values

    private mutating func int(_ value: Int) {
        if value < 0 { out.append(Byte.minus) }
        // Digits from the last, into 24 bytes on the stack (Int.min has 19): no String for each number.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var magnitude = value.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = Byte.zero + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: buffer[start...])
        }
        needsComma = true
    }

    /// Swift's shortest round-trip form, without a trailing ".0", as `JSONEncoder` writes it.
    private mutating func double(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "not a finite number"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
        needsComma = true
    }

    private mutating func date(_ date: Date) throws {
        try ISO8601.appendQuoted(date, to: &out)
        needsComma = true
    }

    private mutating func uuid(_ uuid: UUID) {
        UUIDText.appendQuoted(uuid, to: &out)
        needsComma = true
    }

    private mutating func string(_ text: String) {
        out.append(Byte.quote)
        // Most text needs no escape: copied at once.
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == Byte.quote || $0 == Byte.backslash }) else { return false }
            out.append(contentsOf: utf8)
            return true
        }
        if copied != true { escape(text) }
        out.append(Byte.quote)
        needsComma = true
    }

    private mutating func escape(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case Byte.quote: out.append(contentsOf: [Byte.backslash, Byte.quote])
            case Byte.backslash: out.append(contentsOf: [Byte.backslash, Byte.backslash])
            case Byte.newline: out.append(contentsOf: [Byte.backslash, UInt8(ascii: "n")])
            case Byte.carriageReturn: out.append(contentsOf: [Byte.backslash, UInt8(ascii: "r")])
            case Byte.tab: out.append(contentsOf: [Byte.backslash, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [Byte.backslash, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [Byte.backslash, UInt8(ascii: "f")])
            case ..<0x20:
                let hex: StaticString = "0123456789abcdef"
                out.append(contentsOf: [Byte.backslash, UInt8(ascii: "u"), Byte.zero, Byte.zero,
                                        hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0x0F)]])
            default: out.append(byte)
            }
        }
    }
}
