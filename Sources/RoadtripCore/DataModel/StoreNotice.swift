import Foundation

/// What the user must be told about the trips file when it is opened: typed, so that a command can tell which
/// matter to it (a reading command leaves out `openedReadOnly`) without matching words.
public enum StoreNotice: Equatable, Sendable, CustomStringConvertible {
    /// Another roadtrip holds the lock (or it could not be taken): changes are refused.
    case openedReadOnly(reason: String)
    /// The last save was cut short; `path` holds the last complete one.
    case interruptedSave(path: String)
    /// The file was written by a newer roadtrip: it is open read-only.
    case newerSchema(path: String, found: Int, supported: Int)

    public var description: String {
        switch self {
        case let .openedReadOnly(reason):
            return "Opened read-only: \(reason). Changes cannot be saved."
        case let .interruptedSave(path):
            return "A save was interrupted last time (roadtrip was stopped while saving); \(path) holds the last "
                + "complete save."
        case let .newerSchema(path, found, supported):
            return StoreError.newerSchema(path: path, found: found, supported: supported).description
        }
    }
}

/// The state of the file the trips live in, apart from the trips and their changes (`TripRepository`): what to
/// tell the user about it, a newer writer's schema, where it is.
public protocol TripFileState: AnyObject {
    var notices: [StoreNotice] { get }
    /// The schema version of a file written by a newer roadtrip (read-only, its trips perhaps unreadable here).
    var newerSchemaVersion: Int? { get }
    /// The file itself (an export must never replace it, nor its lock or backups).
    var fileURL: URL { get }
}
