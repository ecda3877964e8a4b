import Foundation
import RoadtripCore

/// A failure with the exit code the documentation promises: 1 for the user's mistakes, 2 for a file that
/// could not be used (the data file, or the output).
struct CLIFailure: Error {
    static let successCode: Int32 = 0
    static let userErrorCode: Int32 = 1
    static let dataErrorCode: Int32 = 2

    let message: String
    let exitCode: Int32

    static func user(_ message: String) -> CLIFailure { CLIFailure(message: message, exitCode: userErrorCode) }
    static func data(_ message: String) -> CLIFailure { CLIFailure(message: message, exitCode: dataErrorCode) }

    /// Classifies whatever an interactor or the store threw.
    init(_ error: Error) {
        switch error {
        case let failure as CLIFailure:
            self = failure
        case let store as StoreError:
            if case let .invalid(validation) = store {
                self = .user(validation.description)
            } else {
                self = .data(store.description)
            }
        case let validation as ValidationError:
            self = .user(validation.description)
        case let coordinate as CoordinateParseError:
            self = .user(coordinate.description)
        case let stay as StayDuration.Invalid:
            self = .user(stay.description)
        case let lookup as TripLookupError:
            self = .user(lookup.description)
        case let edit as TripEditError:
            self = .user(edit.description)
        default:
            self = .data("\(error)")
        }
    }

    private init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }
}

/// Runs `body`, turning any error into a `CLIFailure`.
func failing<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw CLIFailure(error) }
}
