import RoadtripCore
import TerminalUI

/// Wires the trip list module and returns its view, ready to push.
enum TripListBuilder {
    static func build(context: AppContext) -> Screen {
        let view = TripListView()
        let router = TripListRouter(context: context, screen: view)
        let presenter = TripListPresenter(interactor: TripListInteractor(repository: context.repository),
                                          router: router, unit: context.unit)
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
