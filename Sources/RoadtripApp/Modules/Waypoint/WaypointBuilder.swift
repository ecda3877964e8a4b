import RoadtripCore
import TerminalUI

/// Wires the stop form and returns its view, ready to push. `output` receives the saved stop.
enum WaypointBuilder {
    static func build(editing waypoint: Waypoint?, after previous: Waypoint?, before next: Waypoint?,
                      output: WaypointModuleOutput, context: AppContext) -> Screen {
        let view = WaypointView()
        let router = WaypointRouter(context: context, screen: view)
        let presenter = WaypointPresenter(editing: waypoint,
                                          interactor: WaypointInteractor(places: context.places, regions: context.regions,
                                                                         after: previous, before: next),
                                          router: router, unit: { [unowned context] in context.unit })
        presenter.output = output
        presenter.subscription = context.feed.subscribe { [weak presenter] change in
            presenter?.dataDidChange(change)
        }
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
