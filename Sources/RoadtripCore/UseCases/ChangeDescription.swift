import Foundation

/// What a change to the trips did, in words. The message line says it when the change is made
/// (`Deleted stop 3 "Tulsa"`), the undo history names the step with it (`Undid: delete stop 3 "Tulsa"`),
/// and the command line prints it: one value, so the three cannot disagree.
public struct ChangeDescription: Equatable, Sendable {
    /// The verb as the history names the step: "delete".
    public let verb: String
    /// The verb as the message line reports it: "Deleted".
    public let pastTense: String
    /// What the change acted on: `stop 3 "Tulsa"`.
    public let object: String

    public init(_ verb: String, _ pastTense: String, _ object: String) {
        self.verb = verb
        self.pastTense = pastTense
        self.object = object
    }

    /// `Deleted stop 3 "Tulsa"`: what the message line and the command line say once the change is made.
    public var done: String { "\(pastTense) \(object)" }
    /// `delete stop 3 "Tulsa"`: the step's name in the undo history.
    public var label: String { "\(verb) \(object)" }
}

extension ChangeDescription {
    public static func createTrip(_ name: String) -> Self { Self("create", "Created", "trip \(quoted(name))") }
    /// `taken`: the name the file gave, which a trip had (the import is then `name`, "Loop (2)").
    public static func importTrip(_ name: String, taken: String? = nil) -> Self {
        Self("import", "Imported", taken.map { "as \(quoted(name)) (a trip named \(quoted($0)) exists)" } ?? quoted(name))
    }
    public static func renameTrip(from old: String, to new: String) -> Self {
        Self("rename", "Renamed", "\(quoted(old)) to \(quoted(new))")
    }
    public static func deleteTrip(_ name: String) -> Self { Self("delete", "Deleted", "trip \(quoted(name))") }
    public static func duplicateTrip(_ name: String, as copy: String) -> Self {
        Self("duplicate", "Duplicated", "\(quoted(name)) as \(quoted(copy))")
    }

    /// `position`: 1-based, where the stop is after the change (before it, for a deletion).
    public static func addStop(_ position: Int, _ name: String) -> Self {
        Self("add", "Added", "stop \(position) \(quoted(name))")
    }
    public static func editStop(_ position: Int, _ name: String) -> Self {
        Self("edit", "Edited", "stop \(position) \(quoted(name))")
    }
    public static func deleteStop(_ position: Int, _ name: String) -> Self {
        Self("delete", "Deleted", "stop \(position) \(quoted(name))")
    }
    /// `position`: 1-based, where the stop went.
    public static func moveStop(_ name: String, to position: Int) -> Self {
        Self("move", "Moved", "\(quoted(name)) to \(position)")
    }

    /// `position`: 1-based, where the stop is (and, pinned, stays when the trip is optimised).
    public static func pinStop(_ name: String, at position: Int, pinned: Bool) -> Self {
        pinned ? Self("pin", "Pinned", "\(quoted(name)) at \(position)")
            : Self("unpin", "Unpinned", "\(quoted(name)) at \(position)")
    }

    public static func setNotes(of trip: String, empty: Bool) -> Self {
        empty ? Self("clear", "Cleared", "the notes of \(quoted(trip))")
            : Self("save", "Saved", "the notes of \(quoted(trip))")
    }
    public static func setStartDate(of trip: String, to date: CalendarDate?) -> Self {
        guard let date else { return Self("clear", "Cleared", "the start date of \(quoted(trip))") }
        return Self("set", "Set", "the start date of \(quoted(trip)) to \(date)")
    }
    public static func reverse(_ trip: String, stops: Int) -> Self {
        Self("reverse", "Reversed", "the \(stops) stops of \(quoted(trip))")
    }

    public static func reorder(_ trip: String, stops: Int) -> Self {
        Self("reorder", "Reordered", "the \(stops) stops of \(quoted(trip)) for the least driving")
    }

    /// `position`: 1-based, where the town went.
    public static func addOvernight(_ position: Int, _ name: String) -> Self {
        Self("add", "Added", "a night at \(quoted(name)), stop \(position)")
    }
    public static func pace(_ trip: String, nights: Int) -> Self {
        Self("pace", "Paced", "\(quoted(trip)) with \(TripText.count(nights, "night")) on the road")
    }

    /// `charges`: the charge stops the plan gave (an earlier plan's are replaced).
    public static func charge(_ trip: String, charges: Int) -> Self {
        Self("plan", "Planned", "charging on \(quoted(trip)): \(TripText.count(charges, "charge stop"))")
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
