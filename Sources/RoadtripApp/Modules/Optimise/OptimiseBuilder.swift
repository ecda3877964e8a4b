import RoadtripCore
import TerminalUI

/// Wires the optimise preview of one trip and returns its modal view, ready to present.
enum OptimiseBuilder {
    /// `output` (the trip screen) hears how it ended.
    static func build(tripID: Trip.ID, output: OptimiseModuleOutput?, context: AppContext) -> Screen {
        let view = OptimiseView()
        let router = OptimiseRouter(context: context, screen: view)
        let interactor = OptimiseInteractor(tripID: tripID, repository: context.repository, routes: context.routes,
                                            post: context.post)
        let presenter = OptimisePresenter(interactor: interactor, router: router, settings: context.settings)
        presenter.output = output
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
