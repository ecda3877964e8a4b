import RoadtripCore
import TerminalUI

/// Wires the stop form and returns its view, ready to push. `output` receives the saved stop.
enum WaypointBuilder {
    static func build(editing waypoint: Waypoint?, near previous: Waypoint?, output: WaypointModuleOutput,
                      context: AppContext) -> Screen {
        let view = WaypointView()
        let router = WaypointRouter(context: context, screen: view)
        let presenter = WaypointPresenter(editing: waypoint, interactor: WaypointInteractor(places: context.places, near: previous),
                                          router: router)
        presenter.output = output
        presenter.subscription = context.feed.subscribe { [weak presenter] change in
            presenter?.dataDidChange(change)
        }
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
