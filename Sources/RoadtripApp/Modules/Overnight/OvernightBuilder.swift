import RoadtripCore
import TerminalUI

/// Wires the towns-along-a-day picker or the pacing preview over the days view, and returns its modal view.
enum OvernightBuilder {
    static func build(tripID: Trip.ID, request: OvernightRequest, output: OvernightModuleOutput?,
                      context: AppContext) -> Screen {
        let view = OvernightView()
        let router = OvernightRouter(context: context, screen: view)
        let interactor = OvernightInteractor(tripID: tripID, repository: context.repository, routes: context.routes,
                                             settings: context.settings, places: context.places, post: context.post)
        let presenter = OvernightPresenter(interactor: interactor, router: router, settings: context.settings,
                                           request: request)
        presenter.output = output
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
