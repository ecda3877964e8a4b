import Foundation

/// A value that lost to another made on another machine without seeing it (`TripMerge`): kept on its trip so the
/// user can see it and take it back. `stop` is nil for a field of the trip itself.
public struct EditConflict: Codable, Equatable, Hashable, Sendable {
    public var stop: UUID?
    /// The field's name in the file ("nights", "notes", "position" for a stop's latitude and longitude).
    public var field: String
    /// The value that lost, as the file has it.
    public var value: JSONValue
    /// When it was made (`EditStamp`'s text form).
    public var stamp: String

    public init(stop: UUID?, field: String, value: JSONValue, stamp: String) {
        self.stop = stop
        self.field = field
        self.value = value
        self.stamp = stamp
    }
}
