import Foundation

/// A charge stop's mark (`Waypoint.charge`) as the trips file, a merge and the exports hold it: one object,
/// `{"kWh": 32.5, "kw": 150, "socket": "type2_combo"}`, the socket left out when not known.
extension ChargeMark {
    /// Throws `ValidationError` for a power or an energy outside `kwRange` and `kWhRange`.
    public func check() throws {
        for (field, value, range) in [("Charge kW", kw, Self.kwRange), ("Charge kWh", kWh, Self.kWhRange)] {
            guard value.isFinite else { throw ValidationError.notFinite(field: field) }
            guard range.contains(value) else { throw ValidationError.outOfRange(field: field, value: value, range: range) }
        }
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = ["kw": .number(TOMLValue.decimal(kw)), "kWh": .number(TOMLValue.decimal(kWh))]
        if let socket { members["socket"] = .string(socket.rawValue) }
        return .object(members)
    }

    /// From the file's object: `kw` and `kWh` numbers and a known `socket`, if any; nil for anything else (a member
    /// missing, of the wrong type, or unknown). The bounds are `check()`'s, so that a file's message names them.
    public init?(json: JSONValue) {
        guard case let .object(members) = json, let kw = members["kw"]?.double, let kWh = members["kWh"]?.double
        else { return nil }
        var socket: SocketKind?
        if let value = members["socket"] {
            guard let name = value.string, let kind = SocketKind(rawValue: name) else { return nil }
            socket = kind
        }
        guard Set(members.keys).isSubset(of: ["kw", "kWh", "socket"]) else { return nil }
        self.init(kw: kw, kWh: kWh, socket: socket)
    }

    /// What the file's reader says of a `charge` that is not one.
    static let shape = "charge must be an object of kw and kWh numbers and a socket ("
        + SocketKind.allCases.map(\.rawValue).joined(separator: ", ") + ")"
}
