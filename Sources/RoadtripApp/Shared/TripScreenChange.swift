import RoadtripCore

/// What a screen that shows one trip does with a change from elsewhere: read the trip again (new legs for it,
/// settings, a reload, an undo, which it also names), show a failed save, or nothing.
enum TripScreenChange: Equatable {
    case reload(saying: StatusMessage?)
    case show(StatusMessage)
    case nothing

    init(_ change: DataChange, trip: Trip.ID) {
        switch change {
        case .routesArrived(let id) where id == trip: self = .reload(saying: nil)
        case .settingsChanged, .tripsReloaded: self = .reload(saying: nil)
        case let .historyStepped(what): self = .reload(saying: .info(what))
        case let .saveFailed(why): self = .show(.error(why))
        case .routesArrived, .allTripsLoaded, .placesLoaded: self = .nothing
        }
    }

    /// Does it on a screen: `say` what happened, then `reload` the trip; or `say` it and `render`.
    func apply(say: (StatusMessage) -> Void, reload: () -> Void, render: () -> Void) {
        switch self {
        case let .reload(saying):
            saying.map(say)
            reload()
        case let .show(message):
            say(message)
            render()
        case .nothing:
            break
        }
    }
}
