import Foundation

/// What changed in the data the screens show, for the presenters that show it.
public enum DataChange: Equatable, Sendable {
    /// The trips file was read again (Ctrl-R): every trip may have changed.
    case tripsReloaded
    /// A change could not be saved (it stays in memory); the text says why, for the message line.
    case saveFailed(String)
    /// The rest of a large file arrived: the list is whole now.
    case allTripsLoaded
    /// Data that arrives late came in (`LateData`): routes, shorelines, places, regions, the base map, settings.
    case arrived(LateArrival)
    /// An undo, a redo or a merge of another machine's version changed the trips; the text says which, for the
    /// message line (`Undid: delete stop 3 "Tulsa"`).
    case historyStepped(String)
}

/// The one subscription the core offers for changes that come from outside a screen's own actions.
/// Presenters subscribe when built and are dropped when freed (the `Subscription` ends with them), so
/// nothing walks the screen stack. Main thread only: work on other threads hands its news to the app's
/// loop first (`Application.post`), which publishes it here.
public final class ChangeFeed {
    /// Keeps a subscriber's handler alive; dropping it ends the subscription.
    public final class Subscription {
        fileprivate weak var feed: ChangeFeed?
        fileprivate let id: Int

        fileprivate init(feed: ChangeFeed, id: Int) {
            self.feed = feed
            self.id = id
        }

        deinit {
            feed?.handlers.removeValue(forKey: id)
        }
    }

    private var handlers: [Int: (DataChange) -> Void] = [:]
    private var nextID = 0

    public init() {}

    /// `handler` runs for every change published from now on, in the order of subscription, until the
    /// returned subscription is released. Capture the subscriber weakly.
    public func subscribe(_ handler: @escaping (DataChange) -> Void) -> Subscription {
        nextID += 1
        handlers[nextID] = handler
        return Subscription(feed: self, id: nextID)
    }

    public func publish(_ change: DataChange) {
        for id in handlers.keys.sorted() {
            handlers[id]?(change)
        }
    }

}
