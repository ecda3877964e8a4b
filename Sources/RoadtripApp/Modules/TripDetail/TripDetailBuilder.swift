import RoadtripCore
import TerminalUI

/// Wires the module of one trip and returns its view, ready to push.
enum TripDetailBuilder {
    /// `message` is shown on the trip's first frame (what made it: "Created trip …").
    static func build(tripID: Trip.ID, saying message: String? = nil, context: AppContext) -> Screen {
        let view = TripDetailView()
        let router = TripDetailRouter(context: context, screen: view)
        let presenter = TripDetailPresenter(
            interactor: TripDetailInteractor(tripID: tripID, repository: context.repository, history: context.history),
            router: router, routes: context.routes, settings: context.settings, baseMap: context.baseMap,
            places: context.places, regions: context.regions, message: message)
        presenter.subscription = context.feed.subscribe { [weak presenter] change in presenter?.dataDidChange(change) }
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
