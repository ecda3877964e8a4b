import RoadtripCore
import TerminalUI

/// Wires the full-screen map of one trip and returns its view, ready to push.
enum TripMapBuilder {
    /// `selected`: the stop selected at first (the trip screen's selection); `output` hears of the stops selected
    /// on the map.
    static func build(tripID: Trip.ID, selected: Waypoint.ID?, output: TripMapModuleOutput?, context: AppContext) -> Screen {
        let view = TripMapView()
        let router = TripMapRouter(context: context, screen: view)
        let presenter = TripMapPresenter(
            interactor: TripMapInteractor(tripID: tripID, repository: context.repository, routes: context.routes,
                                          settings: context.settings, regions: context.regions, post: context.post),
            router: router, settings: context.settings, selected: selected,
            baseMap: context.baseMap, places: context.places)
        presenter.subscription = context.feed.subscribe { [weak presenter] change in presenter?.dataDidChange(change) }
        presenter.output = output
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
