import Foundation

/// Reading schema 2's merge marks (`EditLedger`): a document's `seen` and `deletedTrips`, a trip's `edits` and
/// `conflicts`. A stamp, key or id that cannot be read is refused with its place, as any other field.
extension DocumentReading {
    func seen() throws -> [DeviceID: EditStamp] {
        var seen: [DeviceID: EditStamp] = [:]
        try json.object { key in
            guard let device = DeviceID(key), device.value != 0 else { throw json.failure("\"\(key)\" is not a device id (eight hex digits)") }
            let stamp = try stamp()
            guard stamp.device == device else { throw json.failure("the stamp of device \(key) is another device's") }
            seen[device] = stamp
        }
        return seen
    }

    func stamp() throws -> EditStamp {
        let start = json.offset
        let text = try json.string()
        guard let stamp = EditStamp(text), !stamp.isZero else {
            throw JSONScanner.Failure(offset: start, message: "\"\(text)\" is not an edit stamp")
        }
        return stamp
    }

    func stamps() throws -> [String: EditStamp] {
        var stamps: [String: EditStamp] = [:]
        try json.object { key in stamps[key] = try stamp() }
        return stamps
    }

    private func orderKey() throws -> OrderKey {
        let start = json.offset
        let text = try json.string()
        guard let key = OrderKey(text) else { throw JSONScanner.Failure(offset: start, message: "\"\(text)\" is not an order key") }
        return key
    }

    /// A trip's `edits`: its marks.
    func tripMarks() throws -> TripMarks {
        var marks = TripMarks()
        try json.object { key in
            switch key {
            case "deleted": marks.deleted = try stamp()
            case "order":
                var keys: [OrderKey] = []
                try json.array { _ in keys.append(try orderKey()) }
                marks.order = keys
            case "stamps": marks.stamps = try stamps()
            case "stops":
                try json.object { key in
                    guard let id = UUID(uuidString: key) else { throw json.failure("\"\(key)\" is not a stop id") }
                    marks.stopStamps[id] = try stamps()
                }
            case "deletedStops":
                try json.array { index in
                    marks.deletedStops.append(try within("deleted stop \(index + 1)") { try deletedStop() })
                }
            default: try json.skipValue()
            }
        }
        return marks
    }

    private func deletedStop() throws -> DeletedStop {
        let start = json.offset
        var stop: Waypoint?, order: OrderKey?, stamps: [String: EditStamp] = [:], deleted: EditStamp?
        try json.object { key in
            switch key {
            case "stop":
                let at = json.offset
                let read = try waypoint()
                stop = try checked(at: at) { try read.validated() }
            case "order": order = try orderKey()
            case "stamps": stamps = try self.stamps()
            case "deleted": deleted = try stamp()
            default: try json.skipValue()
            }
        }
        return DeletedStop(stop: try required(stop, "stop", at: start), order: try required(order, "order", at: start),
                           stamps: stamps, deleted: try required(deleted, "deleted", at: start))
    }

    /// A trip's `conflicts`.
    func conflicts() throws -> [EditConflict] {
        var conflicts: [EditConflict] = []
        try json.array { index in
            try within("conflict \(index + 1)") {
                let start = json.offset
                var stop: UUID?, field: String?, value: JSONValue?, stamp: EditStamp?
                try json.object { key in
                    switch key {
                    case "stop": stop = try json.uuid()
                    case "field": field = try json.string()
                    case "value": value = try json.value()
                    case "stamp": stamp = try self.stamp()
                    default: try json.skipValue()
                    }
                }
                conflicts.append(EditConflict(stop: stop, field: try required(field, "field", at: start),
                                              value: try required(value, "value", at: start),
                                              stamp: try required(stamp, "stamp", at: start).description))
            }
        }
        return conflicts
    }
}
