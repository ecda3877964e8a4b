import Foundation

/// What can go wrong with the data file. Each message says which file, what happened, and what is safe.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The file is not a valid trips document. Its bytes were copied to `copy`; nothing was overwritten.
    case corrupt(path: String, reason: String, copy: String?, backup: String?)
    /// The file was written by a newer roadtrip.
    case newerSchema(path: String, found: Int, supported: Int)
    /// Changes are refused (another instance holds the lock, newer schema, corrupt file...).
    case readOnly(reason: String)
    /// The file changed on disk since it was loaded; saving would overwrite someone else's work.
    case changedOnDisk(path: String)
    /// Reading or writing failed at the system level.
    case io(path: String, operation: String, message: String)
    /// The new version replaced the file, but the system could not confirm that it reached the disk.
    case notDurable(path: String, message: String)
    /// The change broke a rule (empty name, latitude out of range...).
    case invalid(ValidationError)
    /// Two trips, or two stops of a trip, would share an id: the change (or the delete) is refused.
    case duplicateID(DuplicateID)

    public var description: String {
        switch self {
        case let .corrupt(path, reason, copy, backup):
            var text = "\(path) is not a valid trips file: \(reason). It was not changed."
            if let copy { text += " A copy is at \(copy)." }
            if let backup { text += " The previous version is at \(backup)." }
            text += " Fix or replace the file, then start roadtrip again."
            return text
        case let .newerSchema(path, found, supported):
            return "\(path) uses schema version \(found); this roadtrip understands up to \(supported). "
                + "Opened read-only; update roadtrip to edit it."
        case let .readOnly(reason):
            return "Read-only: \(reason)"
        case let .changedOnDisk(path):
            return "\(path) was changed by another program since it was loaded, so this change was not saved (it is kept until you reload)."
        case let .io(path, operation, message):
            return "Could not \(operation) \(path): \(message). The file on disk is unchanged."
        case let .notDurable(path, message):
            return "Saved \(path), but the system could not confirm that it reached the disk (\(message)); "
                + "a crash soon could lose the last change. Saving again retries."
        case let .invalid(error):
            return error.description
        case let .duplicateID(duplicate):
            return duplicate.description + "; nothing was changed"
        }
    }
}
