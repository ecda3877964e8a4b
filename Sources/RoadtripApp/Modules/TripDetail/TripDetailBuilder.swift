import RoadtripCore
import TerminalUI

/// Wires the module of one trip and returns its view, ready to push.
enum TripDetailBuilder {
    static func build(tripID: Trip.ID, context: AppContext) -> Screen {
        let view = TripDetailView()
        let router = TripDetailRouter(context: context, screen: view)
        let presenter = TripDetailPresenter(
            interactor: TripDetailInteractor(tripID: tripID, repository: context.repository, history: context.history),
            router: router, routes: context.routes, settings: context.settings, baseMap: context.baseMap)
        presenter.subscription = context.feed.subscribe { [weak presenter] change in presenter?.dataDidChange(change) }
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
