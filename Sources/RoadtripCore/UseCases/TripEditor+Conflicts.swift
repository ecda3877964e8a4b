import Foundation

extension TripEditor {
    /// Takes the other machine's value of a clash back (`Trip.conflicts[index]`): the field gets it, as an edit of
    /// its own (later than both), and the clash leaves the list. One undo step.
    @discardableResult
    public func takeBack(conflict index: Int) throws -> ChangeDescription {
        var what = ""
        return try change({ trip in
            guard trip.conflicts.indices.contains(index) else { throw TripEditError.conflictNotFound }
            let conflict = trip.conflicts.remove(at: index)
            what = ConflictText(conflict, in: trip).field
            try trip.apply(conflict)
        }, describe: { _ in ChangeDescription("take back", "Took back", "the other value of \(what)") })
    }

    /// Keeps every value as it is: the clashes leave the list. One undo step.
    @discardableResult
    public func keepValues() throws -> ChangeDescription {
        try change({ trip in
            guard !trip.conflicts.isEmpty else { throw TripEditError.conflictNotFound }
            trip.conflicts = []
        }, describe: { ChangeDescription("keep", "Kept", "the values of \($0.name) as they are") })
    }
}

extension Trip {
    /// Sets the field a conflict is about to the conflict's value. Throws when its stop is gone or the value does not
    /// fit the field (a hand-edited file); validation follows in the repository.
    mutating func apply(_ conflict: EditConflict) throws {
        if let id = conflict.stop {
            guard let index = waypoints.firstIndex(where: { $0.id == id }) else { throw TripEditError.stopNotFound }
            guard let field = MergeFields.stop(named: conflict.field), field.set(&waypoints[index], conflict.value) else {
                throw TripEditError.conflictNotFound
            }
        } else {
            guard let field = MergeFields.trip(named: conflict.field), field.set(&self, conflict.value) else {
                throw TripEditError.conflictNotFound
            }
        }
    }
}
