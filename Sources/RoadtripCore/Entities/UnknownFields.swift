import Foundation

/// The members of a trip or a stop that this build does not know, as they were read: a field that a newer
/// roadtrip added under the same schema version survives a save by this one. Written back in the file's key
/// order; not part of `Codable` (`show --json` gives the fields this build knows).
public struct UnknownFields: Equatable, Sendable {
    public internal(set) var members: [String: JSONValue] = [:]

    public init() {}

    public var isEmpty: Bool { members.isEmpty }
}

/// A JSON value kept without being understood. A number keeps its text, so writing it back changes nothing.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}
