import RoadtripCore
import TerminalUI

/// Wires the trip list module and returns its view, ready to push.
enum TripListBuilder {
    static func build(context: AppContext) -> Screen {
        let view = TripListView()
        let router = TripListRouter(context: context, screen: view)
        let presenter = TripListPresenter(interactor: TripListInteractor(repository: context.repository, routes: context.routes,
                                                                             notices: context.notices, history: context.history),
                                          router: router, settings: context.settings, baseMap: context.baseMap,
                                          places: context.places)
        presenter.subscription = context.feed.subscribe { [weak presenter] change in presenter?.dataDidChange(change) }
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
