import RoadtripCore

/// A transient line at the bottom of the screen: what just happened, or what went wrong.
public struct StatusMessage: Equatable {
    public enum Kind: Equatable { case info, error }
    public let text: String
    public let kind: Kind

    public static func info(_ text: String) -> StatusMessage { StatusMessage(text: text, kind: .info) }
    public static func error(_ text: String) -> StatusMessage { StatusMessage(text: text, kind: .error) }

    /// Why no change can be made, before the user starts one; nil when changes are saved.
    public static func refusal(_ access: StoreAccess) -> StatusMessage? {
        guard case let .readOnly(reason) = access else { return nil }
        return .error(String(describing: StoreError.readOnly(reason: reason)))
    }

    /// The message for anything an interactor threw, in the user's words.
    public static func failure(_ error: Error) -> StatusMessage {
        if case StoreError.changedOnDisk = error {
            return .error(String(describing: error) + " Ctrl-R on the trip list reads it again.")
        }
        return .error(String(describing: error))
    }
}
