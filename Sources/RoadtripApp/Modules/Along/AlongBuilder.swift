import RoadtripCore
import TerminalUI

/// Wires the list along a day's road over the days view, and returns its modal view.
enum AlongBuilder {
    static func build(tripID: Trip.ID, day: Int, output: AlongModuleOutput?, context: AppContext) -> Screen {
        let view = AlongView()
        let router = AlongRouter(context: context, screen: view)
        let interactor = AlongInteractor(tripID: tripID, repository: context.repository, routes: context.routes,
                                         settings: context.settings, regions: context.regions, post: context.post)
        let presenter = AlongPresenter(interactor: interactor, router: router, settings: context.settings, day: day)
        presenter.output = output
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
