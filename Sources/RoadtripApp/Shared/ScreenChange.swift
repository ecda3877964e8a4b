import RoadtripCore

/// The one reducer from a change made elsewhere to what a screen does: read its data again, show a message, or
/// nothing. Every presenter goes through it, saying which late inputs it reads (`LateInput`) and for which trip,
/// so that no screen can ignore an event another follows.
enum ScreenChange: Equatable {
    /// Read again: everything, or only `trips` (a list whose other rows stand), saying the message first.
    case reload(saying: StatusMessage?, only: Set<Trip.ID>?)
    case show(StatusMessage)
    case nothing

    /// For a screen that reads `reads` for `trip`; nil: for every trip (the trip list).
    init(_ change: DataChange, reads: Set<LateInput>, trip: Trip.ID? = nil) {
        switch change {
        case let .arrived(arrival):
            if trip == nil, arrival.onlyRoutedTrips(reads) {
                // A list redoes the rows of the trips that got answers or had their water measured, not ten thousand.
                self = arrival.routedTrips.isEmpty ? .nothing : .reload(saying: nil, only: arrival.routedTrips)
            } else {
                self = arrival.concerns(reads, trip: trip) ? .reload(saying: nil, only: nil) : .nothing
            }
        case .tripsReloaded: self = .reload(saying: nil, only: nil)
        case .allTripsLoaded: self = trip == nil ? .reload(saying: nil, only: nil) : .nothing
        case let .historyStepped(what): self = .reload(saying: .info(what), only: nil)
        case let .saveFailed(why): self = .show(.error(why))
        }
    }

    /// Does it on a screen that shows one trip: `say` what happened, then `reload`; or `say` it and `render`.
    func apply(say: (StatusMessage) -> Void, reload: () -> Void, render: () -> Void) {
        switch self {
        case let .reload(saying, _):
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
