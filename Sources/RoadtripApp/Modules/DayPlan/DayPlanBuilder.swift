import RoadtripCore
import TerminalUI

/// Wires the day-by-day plan of one trip and returns its view, ready to push.
enum DayPlanBuilder {
    /// `day`: the day selected at first (the one the trip screen's stop is reached on); `output` hears of the day
    /// they were left on.
    static func build(tripID: Trip.ID, day: Int, output: DayPlanModuleOutput?, context: AppContext) -> Screen {
        let view = DayPlanView()
        let router = DayPlanRouter(context: context, screen: view)
        let presenter = DayPlanPresenter(
            interactor: DayPlanInteractor(tripID: tripID, repository: context.repository, routes: context.routes,
                                          history: context.history, settings: context.settings,
                                          regions: context.regions, post: context.post),
            router: router, settings: context.settings, day: day, memory: context.dayPlanMemory)
        presenter.subscription = context.feed.subscribe { [weak presenter] change in presenter?.dataDidChange(change) }
        presenter.output = output
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
